#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import WordbookTerminal

exit(await WordbookCommand.main())
