import { Fragment, type ReactNode } from 'react';

/**
 * A text whose placeholders are elements, e.g. 'Best score: {score}' with a coloured score: the
 * whole sentence stays one translatable text, so a language can put the score where it belongs.
 */
export function FormattedText({
  template,
  values,
}: {
  template: string;
  values: Readonly<Record<string, ReactNode>>;
}) {
  // split with a capture group: even entries are text, odd entries placeholder names
  const parts = template.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
          <Fragment key={i}>{values[part] === undefined ? `{${part}}` : values[part]}</Fragment>
        ),
      )}
    </>
  );
}
