import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy…/waitFor wait up to 10 s, not 1 s: on a loaded 2-core CI machine a first render of a lazy
// widget can take longer than a second; a test that should fail still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// Toasts and the module-completed dialog load on first use; load them once here, so that a test
// waits for what the learner sees, not for the test runner compiling a module on a busy machine.
await Promise.all([import('../ui/ToastRegion'), import('../course-player/ModuleCompletedDialog')]);

// ProseMirror (the studio's lesson editor) measures the selection to scroll it into view; jsdom has
// no layout, so ranges answer empty boxes. (document.elementFromPoint stays missing: axe decides by
// it whether a dialog is modal. Tests focus the editor rather than click into it.)
if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
}

// jsdom's Blob has no arrayBuffer() (every browser has): the studio reads images' bytes with it.
if (typeof Blob !== 'undefined' && !Blob.prototype.arrayBuffer)
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
