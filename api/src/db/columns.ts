import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './schema';

// The column kinds every schema file of the API uses.

/** A point in time (timestamptz); the API sends it as an ISO string. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** The course a row belongs to; the row goes with the course. */
export const courseId = () =>
  integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });

/** Raw bytes (PostgreSQL bytea): a Buffer from postgres.js, a Uint8Array from PGlite. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
