/// Every subcommand of `wordbook`, the one list the parser and `--help` read.
enum SubcommandRegistry {
  /// The subcommands, in the order `--help` lists them.
  static var all: [any Subcommand.Type] {
    [
      BooksCommand.self, NewBookCommand.self, AddCommand.self, WordsCommand.self,
      SearchCommand.self, EditCommand.self, DeleteCommand.self, RenameBookCommand.self,
      DeleteBookCommand.self, StatsCommand.self, ReviewCommand.self, ScheduleCommand.self,
      SettingsCommand.self, OptimizeCommand.self, StudyCommand.self, ReplayCommand.self,
      ImportCommand.self, ImportReviewsCommand.self, ExportCommand.self, ServeCommand.self,
      UsersCommand.self,
      HelpCommand.self,
    ]
  }

  /// The subcommand called `name`, if any.
  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    all.first { $0.name == name }
  }
}
