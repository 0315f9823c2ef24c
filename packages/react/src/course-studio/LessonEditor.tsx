import type { DraftFile, StudioAdapter } from '@coursekit/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useMemo, useRef, useState } from 'react';
import { ImageDialog } from './ImageDialog';
import { LessonToolbar } from './LessonToolbar';
import * as le from './lessonEditor.css';
import { lessonExtensions } from './lessonExtensions';

export interface LessonEditorProps {
  studio: StudioAdapter;
  course: string;
  /** The lesson's body as markdown (read when the editor opens). */
  markdown: string;
  /** The editable area's accessible name. */
  label: string;
  /** The body's markdown after each edit. */
  onChange: (markdown: string) => void;
  /** Shows a lesson image's path (`/storage/image-assets/x`) as a URL the page can load. */
  resolveImage: (src: string) => Promise<string>;
  /** An image uploaded from the image dialog. */
  onImageUploaded?: (file: DraftFile) => void;
}

/** One blank line between blocks, as the course folder writes them (TipTap leaves two around a table). */
function tidyMarkdown(markdown: string): string {
  let fence = false;
  return markdown
    .split('\n')
    .filter((line, i, lines) => {
      if (/^(```|~~~)/.test(line)) fence = !fence;
      return fence || line.trim() !== '' || (i > 0 && lines[i - 1]!.trim() !== '');
    })
    .join('\n')
    .trim();
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Moves the focus to the first control after `element` in the page's order; false if none. */
function focusAfter(element: HTMLElement): boolean {
  const root = element.getRootNode() as Document | ShadowRoot;
  const next = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (candidate) =>
      !element.contains(candidate) &&
      element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  next?.focus();
  return next !== undefined;
}

/**
 * One lesson's body in TipTap (the studio loads this file lazily: TipTap never reaches a learner's
 * page). Markdown in and out through @tiptap/markdown; the schema is the lesson allow-list.
 */
export default function LessonEditor(props: LessonEditorProps) {
  const { markdown, label, onChange, resolveImage } = props;
  const [imageOpen, setImageOpen] = useState(false);
  // The editor is made once; its update handler calls the newest onChange (it closes over the module).
  const changed = useRef(onChange);
  changed.current = onChange;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the extensions are made once per editor
  const extensions = useMemo(() => lessonExtensions(resolveImage), []);
  const editor = useEditor({
    extensions,
    content: markdown,
    contentType: 'markdown',
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-description': 'Escape leaves the editor (Tab moves between a table’s cells).',
        role: 'textbox',
        'aria-multiline': 'true',
        class: le.area,
      },
      // Tab belongs to lists and tables inside the editor, so Escape is the way out by keyboard.
      handleKeyDown: (view, event) => {
        if (event.key !== 'Escape') return false;
        return focusAfter(view.dom);
      },
    },
    onUpdate: ({ editor }) => changed.current(tidyMarkdown(editor.getMarkdown())),
  });
  return (
    <div>
      <LessonToolbar editor={editor} onImage={() => setImageOpen(true)} />
      <EditorContent editor={editor} />
      <ImageDialog
        studio={props.studio}
        course={props.course}
        open={imageOpen}
        onOpenChange={setImageOpen}
        onInsert={(image) => editor.chain().focus().setImage(image).run()}
        {...(props.onImageUploaded ? { onUploaded: props.onImageUploaded } : {})}
      />
    </div>
  );
}
