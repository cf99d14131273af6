// types.d.ts - the page's globals for the checker (make typecheck; not part of the site):
// the documented API window.deckscope (docs/embedding.md, still untyped: any),
// the Trusted Types policy's window.deckscopeTrusted, Emscripten's
// createDeckscopeView, and the scratch values the browser tests keep on window
// (window.__name).
export {};
declare global {
  // ---- the engine's decision record (docs/trace-format.md, engine/core/ds_decision.h),
  // as dsv_api_event_json writes it; every field a reader checks at run time may be missing
  /** one legal move of a decision */
  interface DsCandidate {
    label: string;
    /** the move in words, in the view's language */
    name?: string;
    value?: number | null;
    /** how it stands against the rule's choice (worse_value, tie_later_in_order, chance, ...) */
    reason?: string;
    note?: string;
  }
  /** an event's decision record */
  interface DsDecision {
    rule?: string;
    /** the rule's sentence about its own choice */
    text?: string;
    measure?: string | null;
    better?: string;
    rule_choice: string;
    chosen: string;
    forced: boolean;
    only?: boolean;
    candidates: DsCandidate[];
    /** mahjong's claim window: the seats that decline */
    declines?: DsCandidate[];
  }
  /** mahjong: what another player could do with a discarded tile */
  interface DsClaim { player?: string; dist?: number; text?: string }
  /** one event of dsv_api_event_json (the game's own fields besides) */
  interface DsEvent {
    decision?: DsDecision | null;
    claims?: DsClaim[];
    claimed_by?: string;
    /** an event that ends the game without a choice (thegame) */
    stuck?: { text?: string } | null;
    [field: string]: unknown;
  }
  // ---- core/narrate.js: the why panel's and the quiz's layout of a record
  /** a row of the why panel: a candidate (or a claim) by its name */
  interface DsWhyRow {
    /** the name */
    label: string;
    /** the engine's label */
    key: string;
    value: string;
    chosen: boolean;
    ruleChoice?: boolean;
    reason?: string;
    note: string;
  }
  interface DsWhy {
    rule: string;
    measure?: string;
    forced?: boolean;
    only?: boolean;
    chosenName?: string;
    ruleName?: string;
    candidates: DsWhyRow[];
    claims?: DsWhyRow[];
  }
  interface DsQuizOption { label: string; key: string; correct: boolean; value: string; note: string }
  interface DsQuiz { question: string; options: DsQuizOption[]; reason: string }
  /** the quiz's context: the engine's headline of the state before the event; every part may be missing */
  interface DsQuizCtx { headline?: string; step?: number; steps?: number }

  // ---- Trusted Types (not in TypeScript's DOM library; core/trusted.js still checks for them)
  interface DsTrustedTypePolicyOptions {
    createHTML?(input: string, ...args: unknown[]): string;
    createScript?(input: string, ...args: unknown[]): string;
    createScriptURL?(input: string, ...args: unknown[]): string;
  }
  interface DsTrustedTypePolicy {
    readonly name: string;
    createHTML(input: string, ...args: unknown[]): unknown;
    createScript(input: string, ...args: unknown[]): unknown;
    createScriptURL(input: string, ...args: unknown[]): unknown;
  }
  interface DsTrustedTypes { createPolicy(name: string, rules: DsTrustedTypePolicyOptions): DsTrustedTypePolicy }

  /** core/i18n.js's object as the page has it (window.deckscope.i18n; undefined only under node) */
  type DsI18n = NonNullable<typeof import('./core/i18n.js').default>;

  interface Window {
    trustedTypes: DsTrustedTypes;
    /** SCORM 1.2's run-time API, on a frame above the page in an LMS (features/scorm.js reads it) */
    API?: unknown;
    deckscope: any;
    deckscopeTrusted: { scriptURL(name: string): unknown };
    createDeckscopeView: (config: object) => Promise<any>;
    [scratch: `__${string}`]: any;
  }
}
