import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { lessonExtensions } from './lessonExtensions';
import { findAddresses } from './lessonLink';

// The lesson's link mark in a whole lesson editor: what an author types or pastes, read back as the
// markdown a save sends.

const made: Editor[] = [];
afterEach(() => {
  for (const editor of made.splice(0)) editor.destroy();
});

const editorFor = (markdown: string) => {
  const editor = new Editor({
    extensions: lessonExtensions(async (src) => src),
    content: markdown,
    contentType: 'markdown',
  });
  made.push(editor);
  editor.commands.focus('end');
  return editor;
};

/** A paste as the browser sends it (jsdom has no ClipboardEvent; the editor reads only the text). */
const paste = (editor: Editor, text: string) =>
  editor.view.pasteText(text, new Event('paste') as ClipboardEvent);

/** Types text a character at a time, as the keyboard does (each key its own transaction). */
function type(editor: Editor, text: string) {
  for (const char of text) editor.view.dispatch(editor.state.tr.insertText(char));
}

describe('links in the lesson editor', () => {
  it('links an address typed in the text once a space ends it, without the sentence’s full stop', () => {
    const editor = editorFor('Read');
    type(editor, ' the guide at https://example.org/meters. Then ask');
    expect(editor.getMarkdown()).toBe(
      'Read the guide at [https://example.org/meters](https://example.org/meters). Then ask',
    );
  });

  it('links a www. address when Enter ends it, as https', () => {
    const editor = editorFor('See');
    type(editor, ' www.example.org');
    editor.commands.enter();
    type(editor, 'next');
    expect(editor.getMarkdown()).toBe('See [www.example.org](https://www.example.org)\n\nnext');
  });

  it('leaves an address alone in code, in a word that is not one, and after the author removes the link', () => {
    const editor = editorFor('x');
    editor.commands.toggleCode();
    type(editor, ' https://example.org/raw ');
    editor.commands.toggleCode();
    type(editor, 'file.csv and javascript:alert(1) ok');
    expect(editor.getMarkdown()).toBe('x `https://example.org/raw` file.csv and javascript:alert(1) ok');

    const typed = editorFor('Go to');
    type(typed, ' https://example.org ');
    // as the toolbar does: the cursor in the link, its address field emptied
    typed.chain().setTextSelection(10).extendMarkRange('link').unsetLink().run();
    typed.commands.focus('end');
    type(typed, 'now');
    expect(typed.getMarkdown()).toBe('Go to https://example.org now');
  });

  it('links the addresses in pasted text, and a pasted address links the selected text', () => {
    const editor = editorFor('x');
    paste(editor, ' (see https://en.wikipedia.org/wiki/Watt(unit)) or mailto:desk@example.org');
    expect(editor.getMarkdown()).toBe(
      'x (see [https://en.wikipedia.org/wiki/Watt(unit)](https://en.wikipedia.org/wiki/Watt(unit))) or [mailto:desk@example.org](mailto:desk@example.org)',
    );

    const selected = editorFor('Read the guide');
    selected.commands.setTextSelection({ from: 10, to: 15 });
    paste(selected, 'https://example.org/guide');
    expect(selected.getMarkdown()).toBe('Read the [guide](https://example.org/guide)');
  });

  it('refuses a link field’s address that a lesson does not keep', () => {
    const editor = editorFor('bad link');
    editor.commands.selectAll();
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(editor.commands.setLink({ href: '/courses/x' })).toBe(true);
    expect(editor.getMarkdown()).toBe('[bad link](/courses/x)');
  });

  it('finds an address without the punctuation around it', () => {
    expect(findAddresses('Visit https://example.org/a?b=1, or (www.example.org).')).toEqual([
      { index: 6, text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { index: 37, text: 'www.example.org', href: 'https://www.example.org' },
    ]);
  });
});
