import Foundation
import WordbookTerminal

exit(await WordbookCommand.main())
