// A module's markdown split into lessons: the rule lives in core, shared with the studio's lesson
// outline; this path stays for the loader, the zip checks and the mocks' fixture generator.
export { parseModuleMarkdown } from '@coursekit/core';
