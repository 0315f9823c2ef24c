import type { CatalogCourse } from '@coursekit/core';
import type { MouseEvent, ReactNode } from 'react';
import { useCourseContext } from '../provider/useCourseAdapter';
import { useCatalog } from '../queries/courseQueries';
import { catalogStrings } from '../strings/catalogStrings';
import { formatString } from '../strings/formatString';
import { useStrings } from '../strings/useStrings';
import { ProgressBar } from '../ui/ProgressBar';
import { ErrorState, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { WidgetRoot } from '../ui/WidgetRoot';

export interface CourseCatalogProps {
  /**
   * Where a course's link goes. By default the site's routes: the default course's dashboard
   * ('/course') and any other's under its slug ('/courses/{slug}/course'). With CourseProvider's
   * `onNavigate` a click goes to the host's router; without it the link is followed as any link.
   */
  hrefOf?: (course: CatalogCourse) => string;
}

/** The site's routes for a course (see CourseCatalogProps.hrefOf). */
export const courseHref = (course: Pick<CatalogCourse, 'slug' | 'is_default'>): string =>
  course.is_default ? '/course' : `/courses/${encodeURIComponent(course.slug)}/course`;

/**
 * The platform's courses: each one's title (a link to it), description, estimated time and
 * modules, and — signed in — the learner's progress in it. Needs no sign-in.
 */
export function CourseCatalog({ hrefOf = courseHref }: CourseCatalogProps) {
  const t = useStrings(catalogStrings);
  return (
    <WidgetRoot label={t.catalogLabel}>
      <Catalog hrefOf={hrefOf} />
    </WidgetRoot>
  );
}

function Catalog({ hrefOf }: Required<CourseCatalogProps>) {
  const t = useStrings(catalogStrings);
  const catalog = useCatalog();
  if (catalog.error) {
    return (
      <ErrorState error={catalog.error} title={t.catalogErrorTitle} onRetry={() => void catalog.refetch()} />
    );
  }
  if (!catalog.data) return <Skeletons count={2} label={t.loadingCatalog} />;
  if (catalog.data.length === 0) {
    return (
      <div className={s.card} role="status">
        <h2 className={s.subheading}>{t.catalogEmptyTitle}</h2>
        <p className={s.muted}>{t.catalogEmptyBody}</p>
      </div>
    );
  }
  return (
    <ul className={s.list}>
      {catalog.data.map((course) => (
        <li key={course.slug} className={s.card}>
          <CourseEntry course={course} href={hrefOf(course)} />
        </li>
      ))}
    </ul>
  );
}

function CourseEntry({ course, href }: { course: CatalogCourse; href: string }) {
  const t = useStrings(catalogStrings);
  const modules = course.module_count === 1 ? t.catalogModulesOne : t.catalogModulesOther;
  return (
    <article className={s.stack}>
      <h2 className={s.subheading}>
        <CourseLink href={href}>{course.title}</CourseLink>
      </h2>
      <p className={s.text}>{course.description}</p>
      <p className={s.muted}>
        {formatString(t.catalogEstimatedTime, { time: course.estimated_time })} ·{' '}
        {formatString(modules, { count: course.module_count })}
      </p>
      {course.progress ? <CourseProgress course={course} progress={course.progress} /> : null}
    </article>
  );
}

function CourseProgress({
  course,
  progress,
}: {
  course: CatalogCourse;
  progress: NonNullable<CatalogCourse['progress']>;
}) {
  const t = useStrings(catalogStrings);
  return (
    <div className={s.stack}>
      <ProgressBar
        value={progress.percentage}
        label={formatString(t.catalogProgressBar, { course: course.title })}
      />
      <div className={s.spread}>
        <p className={s.muted}>
          {progress.completed_lessons === 0
            ? t.catalogNotStarted
            : formatString(t.courseLessonsCompleted, {
                completed: progress.completed_lessons,
                total: progress.total_lessons,
                percent: progress.percentage,
              })}
        </p>
        {progress.certified ? <span className={s.badge.success}>{t.catalogCertified}</span> : null}
      </div>
    </div>
  );
}

/** A real link (open in a new tab, copy its address); a plain click goes to the host's router. */
function CourseLink({ href, children }: { href: string; children: ReactNode }) {
  const { onNavigate } = useCourseContext();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!onNavigate || !plain || event.defaultPrevented) return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  );
}
