import { type ReactNode, useId } from 'react';
import * as s from './styles.css';

export interface CardProps {
  /** The card's heading, which also names its section. */
  title: ReactNode;
  /** A badge beside the heading (a status). */
  badge?: ReactNode;
  children: ReactNode;
}

/** A card of a widget screen: a section named by its own heading, with an optional badge beside it. */
export function Card({ title, badge, children }: CardProps) {
  return (
    <Titled title={title} badge={badge} className={s.card}>
      {children}
    </Titled>
  );
}

/** A part of a widget screen without a card's frame (a list of cards), named by its own heading. */
export function Section({ title, children }: Omit<CardProps, 'badge'>) {
  return (
    <Titled title={title} className={s.stack}>
      {children}
    </Titled>
  );
}

function Titled({ title, badge, children, className }: CardProps & { className: string }) {
  const id = useId();
  const heading = (
    <h3 id={id} className={s.subheading}>
      {title}
    </h3>
  );
  return (
    <section className={className} aria-labelledby={id}>
      {badge ? (
        <div className={s.spread}>
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
