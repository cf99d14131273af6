// page-globals.d.ts - what the browser tests' page.evaluate callbacks find in the page
// besides the page's own globals (web/shell/types.d.ts): the helpers harness.mjs's
// pageHelpers() installs in every frame of a context (openPage does it). Only the checker
// reads this file (harness.mjs references it).
export {};
declare global {
  interface Window {
    /**
     * The first element `sel` matches, checked at run time to be a `type` (HTMLElement
     * when not given; pass Element or SVGElement for an SVG one): throws, naming the
     * selector, when there is none or it is of another type.
     */
    __el<T extends Element = HTMLElement>(sel: string, type?: abstract new () => T): T;
  }
}
