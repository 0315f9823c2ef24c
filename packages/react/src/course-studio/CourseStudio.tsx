import type { StudioAdapter } from '@coursekit/core';
import { useState } from 'react';
import * as s from '../ui/styles.css';
import { WidgetRoot } from '../ui/WidgetRoot';
import { CourseWorkspace } from './CourseWorkspace';
import { StudioCourses } from './StudioCourses';
import type { LocalCopies } from './useDraftFile';

// The course studio, the console's screens over `admin.studio`: courses, a course's
// draft file by file with saves that never overwrite another author, the review an admin publishes
// from, and the history. A module's lessons are edited in a rich editor (ModuleEditor), every other
// file as the course folder's text.

export interface CourseStudioProps {
  /** The admin adapter's studio part (`adapter.admin.studio`). */
  studio: StudioAdapter;
  /** Admins publish and restore; moderators (authors) write, review and compare. */
  canPublish: boolean;
  /** Where unsaved text waits for the server (default: the page's localStorage). */
  copies?: LocalCopies;
  /** How long typing pauses before a save, in ms (default 800). */
  saveDelayMs?: number;
}

export function CourseStudio(props: CourseStudioProps) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <WidgetRoot label="Course studio">
      <div className={s.stack}>
        {open ? (
          <CourseWorkspace {...props} course={open} onBack={() => setOpen(null)} />
        ) : (
          <StudioCourses studio={props.studio} onOpen={setOpen} />
        )}
      </div>
    </WidgetRoot>
  );
}
