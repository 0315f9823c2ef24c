import type { Editor } from '@tiptap/react';
import { type FormEvent, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import * as le from './lessonEditor.css';
import { SAFE_LINK } from './lessonLink';

type Toggle = [label: string, active: (e: Editor) => boolean, run: (e: Editor) => void];

const TOGGLES: Toggle[] = [
  ['Bold', (e) => e.isActive('bold'), (e) => e.chain().focus().toggleBold().run()],
  ['Italic', (e) => e.isActive('italic'), (e) => e.chain().focus().toggleItalic().run()],
  [
    'Heading',
    (e) => e.isActive('heading', { level: 3 }),
    (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  ],
  [
    'Subheading',
    (e) => e.isActive('heading', { level: 4 }),
    (e) => e.chain().focus().toggleHeading({ level: 4 }).run(),
  ],
  ['Bulleted List', (e) => e.isActive('bulletList'), (e) => e.chain().focus().toggleBulletList().run()],
  ['Numbered List', (e) => e.isActive('orderedList'), (e) => e.chain().focus().toggleOrderedList().run()],
  // Call-outs are quotes: the seed courses write them as `> **Tip:** …`.
  ['Call-out', (e) => e.isActive('blockquote'), (e) => e.chain().focus().toggleBlockquote().run()],
  ['Code', (e) => e.isActive('code'), (e) => e.chain().focus().toggleCode().run()],
];

const TABLE_ACTIONS: Array<[string, (e: Editor) => void]> = [
  ['Add Row', (e) => e.chain().focus().addRowAfter().run()],
  ['Add Column', (e) => e.chain().focus().addColumnAfter().run()],
  ['Remove Row', (e) => e.chain().focus().deleteRow().run()],
  ['Remove Column', (e) => e.chain().focus().deleteColumn().run()],
  ['Remove Table', (e) => e.chain().focus().deleteTable().run()],
];

/** The lesson editor's formatting buttons: each a labelled button, toggles with aria-pressed. */
export function LessonToolbar({ editor, onImage }: { editor: Editor; onImage: () => void }) {
  const id = useId();
  const [link, setLink] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const inTable = editor.isActive('table');

  function applyLink(event: FormEvent) {
    event.preventDefault();
    const href = (link ?? '').trim();
    if (href && !SAFE_LINK.test(href)) {
      setLinkError('Links start with https://, http://, mailto: or /');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    (href ? chain.setLink({ href }) : chain.unsetLink()).run();
    setLink(null);
    setLinkError(null);
  }

  return (
    <>
      <div role="toolbar" aria-label="Formatting" className={le.toolbar}>
        {TOGGLES.map(([label, active, run]) => (
          <button
            key={label}
            type="button"
            className={le.tool}
            aria-pressed={active(editor)}
            onClick={() => run(editor)}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className={le.tool}
          aria-pressed={editor.isActive('link')}
          aria-expanded={link !== null}
          onClick={() =>
            setLink(link === null ? ((editor.getAttributes('link').href as string) ?? '') : null)
          }
        >
          Link
        </button>
        <button
          type="button"
          className={le.tool}
          onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          Table
        </button>
        <button type="button" className={le.tool} onClick={onImage}>
          Image
        </button>
        {inTable
          ? TABLE_ACTIONS.map(([label, run]) => (
              <button key={label} type="button" className={le.tool} onClick={() => run(editor)}>
                {label}
              </button>
            ))
          : null}
      </div>
      {link !== null ? (
        <form className={le.linkForm} onSubmit={applyLink} noValidate>
          <div className={a.field}>
            <label htmlFor={`${id}-href`}>Link address (empty removes the link)</label>
            <input
              id={`${id}-href`}
              className={a.input}
              value={link}
              onChange={(e) => setLink(e.target.value)}
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${id}-href-error` : undefined}
            />
            {linkError ? (
              <p id={`${id}-href-error`} className={a.fieldError}>
                {linkError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={s.button.secondary}>
            Apply Link
          </button>
        </form>
      ) : null}
    </>
  );
}
