import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { courseImagePath, lessonExtensions, lessonHeadings } from './lessonExtensions';

// The rich editor's markdown must pass the server's lesson checks (api/src/content/courseZip.ts:
// no raw HTML, every image described) and read back as the same document.

const LESSON = [
  'Read the **unit** first, then the *period*. See [the guide](https://example.org/g) or [mail](mailto:a@b.org).',
  '### Units',
  '#### Energy',
  '| Unit | What it measures |\n| --- | --- |\n| kWh | Energy over a period |\n| kW | Power at a moment ![a dial](/storage/image-assets/x.png) |',
  '![A meter dial reading 1,234 kWh](/storage/image-assets/meter-basics-dial.png)',
  'See ![a dial](/storage/image-assets/x.png) beside text.',
  '> **Tip:** Check the unit before you compare two numbers.',
  '- one\n- two',
  '1. first\n2. second',
  'Use `kWh` here.',
  '```\nraw <b>code</b>\n```',
].join('\n\n');

// Every editor is destroyed after its test: ProseMirror's DOM observer flushes on a timer, which
// would otherwise fire after the test's document is gone.
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
  return editor;
};

describe('the lesson schema', () => {
  it('reads every kind of lesson block and writes markdown the server accepts, the same when read again', () => {
    const editor = editorFor(LESSON);
    editor.state.doc.check();
    const out = editor.getMarkdown();
    const found: string[] = [];
    editor.markdown!.instance.walkTokens(editor.markdown!.instance.lexer(out), (token) => {
      if (token.type === 'html') found.push(token.raw);
      if (token.type === 'image' && !token.text.trim()) found.push(token.raw);
    });
    expect(found).toEqual([]);
    expect(out).toContain('> **Tip:** Check the unit');
    expect(out).toContain('![A meter dial reading 1,234 kWh](/storage/image-assets/meter-basics-dial.png)');
    expect(editorFor(out).getMarkdown()).toBe(out);
  });

  it('keeps only safe links: a javascript: link loses its address, its text stays', () => {
    const editor = editorFor('x');
    editor.commands.setContent('<p><a href="javascript:alert(1)">bad</a> <a href="/courses/x">good</a></p>');
    expect(editor.getMarkdown()).toBe('bad [good](/courses/x)');
  });

  it('fits pasted headings into a lesson and takes only the course’s own described images', () => {
    expect(lessonHeadings('<H1 class="x">a</H1><h2>b</h2><h5>c</h5>')).toBe(
      '<h3 class="x">a</h3><h3>b</h3><h4>c</h4>',
    );
    expect(courseImagePath('https://courses.example/storage/image-assets/a.png')).toBe(
      '/storage/image-assets/a.png',
    );
    expect(courseImagePath('https://evil.example/a.png')).toBeNull();
    const editor = editorFor('x');
    editor.commands.setContent(
      '<p><img src="/storage/image-assets/a.png" alt="A"><img src="/storage/image-assets/b.png"><img src="https://e.example/c.png" alt="C"></p>',
    );
    expect(editor.getMarkdown()).toBe('![A](/storage/image-assets/a.png)');
  });
});
