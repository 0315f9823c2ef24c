import { Extension, type Extensions } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import Image from '@tiptap/extension-image';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Text } from '@tiptap/extension-text';
import { Dropcursor, Gapcursor, TrailingNode, UndoRedo } from '@tiptap/extensions';
import { Markdown } from '@tiptap/markdown';
import { Plugin } from '@tiptap/pm/state';
import { Marked, type marked } from 'marked';
import { LessonLink } from './lessonLink';

// What a lesson may hold, as a ProseMirror schema: exactly what the lesson sanitiser lets through
// and the course folder's markdown can say. Anything pasted is parsed into this schema, so scripts,
// styles, event handlers, iframes and unknown tags are dropped by construction; what has no markdown
// form (underline) is left out, so the markdown out never needs raw HTML (which a save refuses).

/** A course image's path, as lessons name it (served from /storage/image-assets/). */
const COURSE_IMAGE = /^(?:https?:\/\/[^/]+)?(\/storage\/image-assets\/[^\s"'<>?#]+)$/;

/** A course image's path for a pasted `src`, or null when the image is not one of the course's. */
export function courseImagePath(src: string | null | undefined): string | null {
  return COURSE_IMAGE.exec(src?.trim() ?? '')?.[1] ?? null;
}

/**
 * Pasted HTML's headings fit a lesson's outline: a lesson is a `##` section of its module, so its own
 * headings are levels 3 and 4 (h1–h2 become h3, h5–h6 become h4).
 */
export function lessonHeadings(html: string): string {
  return html.replace(/<(\/?)h([1-6])\b/gi, (_m, slash: string, level: string) => {
    const n = Number(level);
    return `<${slash}h${n <= 3 ? 3 : 4}`;
  });
}

const PasteRules = Extension.create({
  name: 'lessonPaste',
  addProseMirrorPlugins() {
    return [new Plugin({ props: { transformPastedHTML: lessonHeadings } })];
  },
});

/**
 * A lesson image: alt text always, and only the course's own images (an image pasted from another
 * site is dropped: authors upload it, so it is served, sniffed and sized by the course's storage).
 * In the editor it shows through `resolve` (a draft image is a blob URL: an <img> cannot send the
 * session); the markdown keeps the `/storage/image-assets/` path.
 */
const LessonImage = (resolve: (src: string) => Promise<string>) =>
  Image.extend({
    parseHTML() {
      return [
        {
          tag: 'img[src]',
          getAttrs: (el) => {
            const src = courseImagePath(el.getAttribute('src'));
            const alt = el.getAttribute('alt')?.trim();
            return src && alt ? { src, alt, title: el.getAttribute('title') } : false;
          },
        },
      ];
    },
    addNodeView() {
      return ({ node }) => {
        const img = document.createElement('img');
        let shown = '';
        const show = (src: string, alt: string) => {
          img.alt = alt;
          if (src === shown) return;
          shown = src;
          void resolve(src).then((url) => {
            if (shown === src) img.src = url;
          });
        };
        show(node.attrs.src as string, node.attrs.alt as string);
        return {
          dom: img,
          update: (next) => {
            if (next.type !== node.type) return false;
            show(next.attrs.src as string, next.attrs.alt as string);
            return true;
          },
        };
      };
    },
  }).configure({ inline: true, allowBase64: false });

/**
 * Images are inline (markdown's are: in a paragraph, a table cell, beside text), so a paragraph of
 * one image stays a paragraph; TipTap's own paragraph lifts it out as a block image, which an inline
 * image cannot be.
 */
const LessonParagraph = Paragraph.extend({
  parseMarkdown: (token, helpers) =>
    helpers.createNode('paragraph', undefined, helpers.parseInline(token.tokens ?? [])),
});

/** The lesson editor's extensions; `resolveImage` turns a lesson's image path into a URL to show. */
export function lessonExtensions(resolveImage: (src: string) => Promise<string>): Extensions {
  return [
    // StarterKit's blocks and marks in its order, each imported on its own (the kit's import brings
    // them all): no underline (it has no markdown form), a lesson's own link and paragraph.
    Bold,
    Blockquote,
    BulletList,
    Code,
    CodeBlock,
    Document,
    Dropcursor,
    Gapcursor,
    HardBreak,
    Heading.configure({ levels: [3, 4] }),
    UndoRedo,
    HorizontalRule,
    Italic,
    ListItem,
    ListKeymap,
    LessonLink,
    OrderedList,
    Strike,
    Text,
    TrailingNode,
    LessonParagraph,
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    LessonImage(resolveImage),
    PasteRules,
    // Its own marked instance: the editor's tokenizers never reach the learner's lesson rendering,
    // which uses marked's shared one (core's lessonHtml) in the same page.
    // (a Marked instance has all the editor uses of it: Lexer, defaults, lexer, use, setOptions; the
    // option is typed as marked's namespace, which adds getDefaults).
    Markdown.configure({ marked: new Marked() as unknown as typeof marked }),
  ];
}
