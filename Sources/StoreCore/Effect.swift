/// Work for the store to run after a reducer changed the state: nothing, an action to send,
/// asynchronous work that sends actions, or several of these.
///
/// Effects are values: a reducer returns one and the ``Store`` runs it. An error thrown by
/// asynchronous work never vanishes: it goes to the `catch` handler, which can turn it into an
/// action, or else the store reports a ``RuntimeWarning`` that names where the effect was made.
///
/// ```swift
/// return .run { send in
///   let count = try await server.fetchCount()
///   await send(.set(count))
/// } catch: { error, send in
///   await send(.set(0))
/// }
/// .cancellable(id: "fetch-count", cancelInFlight: true)
/// ```
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    case send(Action)
    case run(Work)
    case merge([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(EffectID)
  }

  @usableFromInline
  struct Work: Sendable {
    var priority: TaskPriority?
    var operation: @Sendable (Send<Action>) async throws -> Void
    var handler: (@Sendable (any Error, Send<Action>) async -> Void)?
    var origin: CodeLocation
  }

  @usableFromInline let operation: Operation

  /// An effect that does nothing.
  public static var none: Effect { Effect(operation: .none) }

  /// Whether the effect does nothing: ``none``, or a merge of effects that do nothing.
  ///
  /// A test of a reducer alone checks it to see that an action asks for no work:
  ///
  /// ```swift
  /// var state = Counter.State()
  /// #expect(Counter().reduce(into: &state, action: .incrementTapped).isNone)
  /// ```
  public var isNone: Bool {
    switch operation {
    case .none: true
    case .merge(let effects): effects.allSatisfy(\.isNone)
    case .send, .run, .cancellable, .cancel: false
    }
  }

  /// An effect that sends `action` to the store at once, after the current action.
  public static func send(_ action: Action) -> Effect {
    Effect(operation: .send(action))
  }

  /// An effect that runs asynchronous work, which may send any number of actions.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work. It sends actions with `await send(action)`.
  ///   - handler: Turns an error thrown by `operation` into actions. Without it, the store
  ///     reports a ``RuntimeWarning``. Cancellation is not an error.
  ///   - fileID: Where the effect was made, for the warning (filled in for you).
  ///   - line: The line where the effect was made (filled in for you).
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil,
    fileID: String = #fileID,
    line: Int = #line
  ) -> Effect {
    let origin = CodeLocation(fileID: fileID, line: line)
    return Effect(
      operation: .run(
        Work(priority: priority, operation: operation, handler: handler, origin: origin))
    )
  }

  /// An effect that runs all of `effects` at once.
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// An effect that runs all of `effects` at once.
  public static func merge(_ effects: [Effect]) -> Effect {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Effect(operation: .merge(effects))
    }
  }

  /// An effect that cancels every running effect marked with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(operation: .cancel(EffectID(id)))
  }

  /// Marks this effect with `id`, so that ``cancel(id:)`` can stop it.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; effects with equal IDs are cancelled together.
  ///   - cancelInFlight: Whether to cancel the effects already running with this ID before
  ///     this one starts (so only the newest runs, as for a search or a reload).
  /// - Returns: The marked effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    if case .none = operation { return self }
    return Effect(operation: .cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Returns an effect whose actions are transformed by `transform`, as a parent reducer does
  /// with a child's effect.
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other)
    -> Effect<Other>
  {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let work):
      let operation = work.operation
      let mappedOperation: @Sendable (Send<Other>) async throws -> Void = { send in
        try await operation(send.map(transform))
      }
      var mappedHandler: (@Sendable (any Error, Send<Other>) async -> Void)?
      if let handler = work.handler {
        mappedHandler = { error, send in await handler(error, send.map(transform)) }
      }
      let mapped = Effect<Other>.Work(
        priority: work.priority,
        operation: mappedOperation,
        handler: mappedHandler,
        origin: work.origin
      )
      return Effect<Other>(operation: .run(mapped))
    case .merge(let effects):
      return Effect<Other>(operation: .merge(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<Other>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    case .cancel(let id):
      return Effect<Other>(operation: .cancel(id))
    }
  }
}
