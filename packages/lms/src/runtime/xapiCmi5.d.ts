// @xapi/cmi5 names its ES module only in package.json's `module` field, which Node does not read
// (bundlers do): the runtime imports the file itself, typed as the package's main module.
declare module '@xapi/cmi5/dist/Cmi5.esm.js' {
  import Cmi5 from '@xapi/cmi5';
  export default Cmi5;
}
