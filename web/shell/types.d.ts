// types.d.ts - the page's globals for the checker (make typecheck; not part of the site):
// the engine's records as the page reads them (Ds*), the documented API window.deckscope
// (docs/embedding.md, "JavaScript API": the interface Deckscope and the records it hands out,
// Deckscope*), the Trusted Types policy's window.deckscopeTrusted, the SCORM 1.2 API an LMS
// provides, Emscripten's createDeckscopeView, and the scratch values the browser tests keep
// on window (window.__name).
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
    /** a decision of several seats (record's seat null): whose move it is (null: nobody's);
     *  an entry of "declines": the seat that declines */
    seat?: string | null;
    // the games' own fields (docs/games/<id>.md): a candidate of mahjong's claim window has its
    // kind (ron, pong, chow, pass), its player and the hand's distance before
    kind?: string;
    player?: string | null;
    dist_before?: number;
    /** an entry of "declines": the candidate that not claiming leads to */
    then?: string;
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
    /** who decides, as play mode names the seat; null: nobody (chance) or several seats
     *  (then each candidate's seat, and each seat's move of not choosing in "declines") */
    seat?: string | null;
    /** how the move taken compares with the rule's (decisions with values) */
    assessment?: DeckscopeAssessment | null;
    candidates: DsCandidate[];
    /** a decision of several seats: each seat's move of not taking any of its candidates */
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

  // ---- the records as the tests and the API's users read them (docs/trace-format.md):
  // the fields the engine always writes are required here (DsCandidate and DsDecision keep
  // every one a reader checks at run time optional)
  /** One legal move of a decision record. Games may add fields. */
  interface DeckscopeCandidate {
    label: string;
    name: string;
    value: number | null;
    reason: string;
    note: string;
    [extra: string]: unknown;
  }
  /** How the engine judges the move taken (a forced one: a variation, a learner's move). */
  interface DeckscopeAssessment {
    cmp: 'same' | 'equal' | 'worse' | 'other' | string;
    by?: number | null;
    r?: number | null;
    verdict?: string;
    text: string;
  }
  /** The `"decision"` of an event that is a choice (ds_decision_json). */
  interface DeckscopeDecision {
    rule: string;
    text: string;
    measure: string | null;
    better: 'higher' | 'lower' | null;
    rule_choice: string;
    chosen: string;
    forced: boolean;
    only: boolean;
    /** who decides (play mode's seat), null: nobody (chance) or several seats (each candidate's
     *  "seat" and the seats' "declines") */
    seat: string | null;
    assessment?: DeckscopeAssessment;
    candidates: DeckscopeCandidate[];
    /** a decision of several seats: each seat's move of taking none of its candidates (its
     *  label, name, seat, value and "then", the label the rule then takes) */
    declines?: DeckscopeCandidate[];
    [extra: string]: unknown;
  }
  /** An event of the trace (dsv_api_event_json): its fields are the game's. */
  interface DeckscopeEvent {
    decision?: DeckscopeDecision;
    [field: string]: any;
  }

  // ---- what window.deckscope hands out ------------------------------------------
  /** load(): one of an input text, a sample (1-based) or a generator seed. */
  type DeckscopeSource = { input: string } | { sample: number } | { seed: number };
  type DeckscopeLoadOptions = { game: string } & ({ input: string } | { sample: number | string } | { seed: number | string });
  /** What load() rejects with on bad input (line and col 1-based; 0 when not about a position). */
  interface DeckscopeLoadError extends Error { line: number; col: number }
  /** A line of the page: what load/branch/mainLine resolve with. */
  interface DeckscopeLine { game: string; steps: number; variation?: [number, string][] }
  /** Play mode's decision waiting for the learner (null when none). */
  interface DeckscopePending { i: number; line: string; labels: string[]; names: string[]; chosen: string }
  /** One move of the learner (docs/variations.md#history). */
  interface DeckscopeMove {
    i: number; label: string; name: string; rule: string; ruleName: string; match: boolean;
    measure: string | null; value: number | null; ruleValue: number | null;
    cmp: string | null; by: number | null; text: string;
    before?: number | null; best?: number | null; after?: number | null; loss?: number; r?: number | null; verdict?: string;
  }
  interface DeckscopeSummary {
    seat: string; moves: number; matched: number; outcome: string; mainOutcome: string;
    variation: [number, string][]; history: DeckscopeMove[];
    totalLoss?: number; maxLoss?: number; verdicts?: Record<string, number>;
  }
  // the lesson file (docs/teaching.md#the-lesson-file): typed once, in features/lesson.js
  /** What a note makes the page show when it is reached. */
  type DeckscopeNoteView = import('./features/lesson.js').LessonView;
  /** A note of the lesson with its line (the &try= spec, '' the main line). */
  type DeckscopeLessonNote = import('./features/lesson.js').LessonNote;
  /** A note of the line shown (the API's notes: without its line). */
  type DeckscopeNote = Omit<DeckscopeLessonNote, 'line'>;
  /** The lesson file, as validate() returns it. */
  type DeckscopeLesson = import('./features/lesson.js').Lesson;
  interface DeckscopeTour {
    active: boolean; index: number; moving: boolean;
    start(): Promise<void>; next(): Promise<void>; prev(): Promise<void>; stop(): void;
  }
  /** A clickable candidate of the frame shown, in the canvas's CSS pixels. */
  interface DeckscopeRegion { x: number; y: number; w: number; h: number; labels: string[] }
  /** The variation tree (docs/variations.md#the-variation-tree): its root is the main line. */
  interface DeckscopeTreeNode {
    line: string; outcome: string; steps: number; current: boolean; children: DeckscopeTreeBranch[];
  }
  /** A variation: the move `label` taken at decision `i`, with the rule's move and both measures in words. */
  interface DeckscopeTreeBranch extends DeckscopeTreeNode {
    i: number; label: string; note?: string; name: string; rule: string; ruleName: string; value: string; ruleValue: string;
  }
  /** Emscripten's Module with the dsv_api_* exports: what the generated binding uses of it
   *  (core/binding.js: dsv(Module) is the typed way to call an export) and the rest of it. */
  type DeckscopeModule = import('./core/binding.js').DsvModule & {
    cwrap(name: string, ret: 'string' | 'number' | 'boolean' | null, argTypes: string[]): (...args: any[]) => any;
    HEAPU8: Uint8Array;
    /** (Emscripten's: at most maxBytesToRead bytes, or up to the NUL) */
    UTF8ToString(ptr: number, maxBytesToRead?: number): string;
    [member: string]: any;
  };
  type DeckscopeEventName = 'step' | 'load' | 'error' | 'variation' | 'why' | 'play' | 'pause' | 'speed'
    | 'mode' | 'lang' | 'theme' | 'frame' | 'ready' | 'notes' | 'tour' | string;

  /** Check my output (features/teach.js): the verdict (`step`, or `query` for goudan: where
   *  the two outputs part), or why there is none (`message`). */
  interface DeckscopeCheck {
    message?: string;
    game?: string; same?: boolean; line?: number; expected?: string | null; got?: string | null;
    step?: number; query?: number; error?: number | null; queries?: number; off?: number;
  }

  /** What embed.js's load() takes (docs/embedding.md, the `load` message): a game by its
   *  id or number and one of input, sample, seed; the hash's parameters are strings. */
  interface DeckscopeEmbedLoad {
    game: string | number;
    input?: string; sample?: number | string; seed?: number | string;
    step?: number | string; query?: number | string; qseed?: number | string; try?: string;
  }

  /** What window.deckscope has on both pages: app.js (index.html) and embed.js (embed.html)
   *  make these members over the viewer core (core/viewer.js). */
  interface DeckscopeView {
    ready: Promise<{ firstFrameMs?: number | null }>;
    state: 'loading' | 'running' | 'error';
    readonly module: DeckscopeModule;
    readonly game: string | null;
    readonly step: number;
    readonly steps: number;
    readonly playing: boolean;
    readonly busy: boolean;
    readonly mode: number;
    readonly caption: string;
    readonly variation: [number, string][];
    i18n: DsI18n;
    captionAt(i: number): string;
    seek(i: number, animate?: boolean): void;
    play(): void;
    pause(): void;
    playTo(step: number): Promise<number>;
    outputLine(): number | null;
    branch(i: number, label: string): Promise<{ game: string | null; steps: number; variation?: [number, string][] }>;
    mainLine(): Promise<{ game: string | null; steps: number; variation?: [number, string][] }>;
    output(): string;
    on(name: DeckscopeEventName, fn: (detail: any) => void): DeckscopeView;
    off(name: DeckscopeEventName, fn: (detail: any) => void): DeckscopeView;
    variationInfo(): { variation: [number, string][]; main: { steps: number; outcome: string } | null; outcome: string; steps: number };
  }

  /** What the features, the games' panels and the entry modules add to window.deckscope
   *  (with Object.defineProperty or by assignment) once they have run: optional, since a
   *  page has only the modules it imports (embed.html: play, lessons, the presenter, the
   *  quiz on demand) and a member is there only after its module ran. */
  interface DeckscopeFeatures {
    // play mode (features/play.js)
    playAs?(seat: string | number, opts?: { instant?: boolean }): Promise<DeckscopePending | null>;
    choose?(label: string, line?: string): Promise<DeckscopePending | null>;
    undo?(): Promise<DeckscopePending | null>;
    nextDecision?(): Promise<DeckscopePending | null>;
    summary?(): DeckscopeSummary | null;
    stopPlay?(): void;
    readonly pending?: DeckscopePending | null;
    readonly playSeat?: string | null;
    readonly playHistory?: DeckscopeMove[];
    readonly playTiming?: Record<string, number> | null;
    // clicks on the canvas (features/pick.js)
    regions?(): DeckscopeRegion[];
    // lessons (features/lesson.js)
    readonly notes?: DeckscopeNote[];
    readonly allNotes?: DeckscopeLessonNote[];
    addNote?(step: number, text: string, view?: DeckscopeNoteView): DeckscopeNote | null;
    removeNote?(step: number): unknown;
    lesson?(): DeckscopeLesson;
    loadLesson?(obj: object | string): Promise<DeckscopeLesson>;
    lessonUrl?(): Promise<string | null>;
    nextNote?(): unknown;
    prevNote?(): unknown;
    readonly tour?: DeckscopeTour;
    openLessonText?(text: string): Promise<unknown>;
    takeTour?(game: string): Promise<unknown>;
    hashExtra?: () => string;
    lessonSource?: () => DeckscopeSource | null;
    // presenter mode (ui/present.js)
    present?(on?: boolean): Promise<boolean>;
    readonly presenting?: boolean;
    // video (features/video.js; not in embed.html)
    exportVideo?(opts?: { from?: number; to?: number; fps?: number; speed?: number; caption?: boolean; recorder?: string;
      onProgress?: (fraction: number, step: number, to: number) => void }): Promise<Blob>;
    cancelVideo?(): void;
    videoSeconds?(from: number, to: number, speed?: number): number;
    // the variation tree (features/variation.js; not in embed.html)
    readonly variationTree?: DeckscopeTreeNode;
    setVariationTree?(list: { line: string; note?: string }[]): unknown;
    variationTreeList?(): { line: string; note?: string }[];
    openVariation?(spec: string): Promise<boolean>;
    noteVariation?(spec: string, note: string): boolean;
    deleteVariation?(spec: string): Promise<boolean>;
    // check my output (features/teach.js; not in embed.html): the last result
    lastCheck?: DeckscopeCheck | null;
    checkOutput?(text: string): DeckscopeCheck;
    // goudan's decision explorer (games/goudan.js; not in embed.html)
    dpGoudan?: { readonly state: unknown; render(): void };
    // the modules' own objects (main.js; embed-main.js: lessons and narrate, embed.js: quiz);
    // a module's object is undefined only under node, where there is no page
    narrate?: NonNullable<typeof import('./core/narrate.js').default>;
    teach?: NonNullable<typeof import('./features/teach.js').default>;
    export?: NonNullable<typeof import('./features/export.js').default>;
    quiz?: NonNullable<typeof import('./features/quiz.js').default>;
    lessons?: NonNullable<typeof import('./features/lesson.js').default>;
    assign?: NonNullable<typeof import('./features/assign.js').default>;
    scorm?: NonNullable<typeof import('./features/scorm.js').default>;
  }

  /** window.deckscope (docs/embedding.md, "JavaScript API") on index.html as app.js makes it
   *  (these members and DeckscopeView's); the modules add DeckscopeFeatures' (a module that
   *  reads it while the page starts sees this: the others' members may not be there yet). */
  interface DeckscopePage extends DeckscopeView, DeckscopeFeatures {
    ready: Promise<{ firstFrameMs: number | null }>;
    error: string | null;
    frames: number;
    t: number;
    firstFrameMs: number | null;
    firstGameFrameMs: number | null;
    readonly speed: number;
    readonly lang: string;
    readonly source: DeckscopeSource | null;
    readonly query: number | null;
    setLang(l: string): unknown;
    setSpeed(x: number): void;
    load(opts: DeckscopeLoadOptions): Promise<DeckscopeLine>;
    why(): DsWhy | null;
    branch(i: number, label: string): Promise<DeckscopeLine>;
    mainLine(): Promise<DeckscopeLine>;
    showLine(spec: string): Promise<DeckscopeLine>;
    setMode(m: number): void;
    selectQuery(q: number, seed?: number): unknown;
    on(name: DeckscopeEventName, fn: (detail: any) => void): DeckscopePage;
    off(name: DeckscopeEventName, fn: (detail: any) => void): DeckscopePage;
    // between the page's own modules (not documented)
    embed?: undefined;
    readyForLoad: Promise<void>;
    mainOutput(): string;
    touchHash(): void;
  }

  /** window.deckscope on index.html once main.js has run (what the API's users and the
   *  browser tests see): app.js's members and every module's. */
  type Deckscope = DeckscopePage & Required<DeckscopeFeatures>;

  /** window.deckscope on embed.html (embed.js): the page's common members, stepBy, and what
   *  the embed's modules add (embed-main.js). */
  interface DeckscopeEmbed extends DeckscopeView, DeckscopeFeatures {
    embed: true;
    load(req: DeckscopeEmbedLoad): Promise<{ game: string; steps: number }>;
    stepBy(d: number): void;
    on(name: DeckscopeEventName, fn: (detail: any) => void): DeckscopeEmbed;
    off(name: DeckscopeEventName, fn: (detail: any) => void): DeckscopeEmbed;
  }

  /** The SCORM 1.2 run-time API an LMS puts in a window or one of its parents (SCORM 1.2 RTE,
   *  "finding the API"; features/scorm.js looks for it). Every value is a string. */
  interface Scorm12API {
    LMSInitialize(arg: ''): string;
    LMSFinish(arg: ''): string;
    LMSGetValue(key: string): string;
    LMSSetValue(key: string, value: string): string;
    LMSCommit(arg: ''): string;
    LMSGetLastError(): string;
    LMSGetErrorString(code: string): string;
    LMSGetDiagnostic(code: string): string;
  }

  /** Trusted Types' value for a script's URL (not in TypeScript's DOM library). */
  interface TrustedScriptURL { toString(): string }
  var TrustedScriptURL: { prototype: TrustedScriptURL; new (): never };

  interface Window {
    API?: Scorm12API;
    trustedTypes: DsTrustedTypes;
    // still any: typed as Deckscope (a getter, with a setter taking the object app.js / embed.js
    // start with, which the features then extend), features/export.js, video.js and
    // games/mahjong.js show errors their baselines do not hold yet (issue 22, to do)
    deckscope: any;
    deckscopeTrusted: { scriptURL(name: string): unknown };
    createDeckscopeView: (config: object) => Promise<any>;
    [scratch: `__${string}`]: any;
  }
}
