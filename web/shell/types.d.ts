// types.d.ts - the page's globals for the checker (make typecheck; not part of the site):
// the documented API window.deckscope (docs/embedding.md, still untyped: any),
// the Trusted Types policy's window.deckscopeTrusted, Emscripten's
// createDeckscopeView, and the scratch values the browser tests keep on window
// (window.__name).
export {};
declare global {
  interface Window {
    deckscope: any;
    deckscopeTrusted: { scriptURL(name: string): any };
    createDeckscopeView: (config: object) => Promise<any>;
    [scratch: `__${string}`]: any;
  }
}
