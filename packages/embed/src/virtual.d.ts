declare module 'coursekit:styles' {
  /** The widgets' CSS, inlined by the embed build (empty in unit tests). */
  const css: string;
  export default css;
}
