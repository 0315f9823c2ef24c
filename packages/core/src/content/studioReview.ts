import type { CourseChanges } from '../schemas/studio';

// A review in the outline's nouns: the changes grouped by module (the module's own change, then its
// lessons with their diffs, then its questions), in module order, so an author reads "Module 2: its
// lesson “Trends” changed, its final-quiz question 3 was added" rather than a list per kind.

export interface ModuleChanges {
  id: number;
  /** The module's name as the changes give it ('' when only its lessons or questions changed). */
  name: string;
  /** The module's own change (added, removed, changed), or null when only what it holds changed. */
  change: CourseChanges['modules'][number]['change'] | null;
  lessons: CourseChanges['lessons'];
  questions: CourseChanges['questions'];
}

/** The changes by module, in the modules' id order. */
export function changesByModule(changes: CourseChanges): ModuleChanges[] {
  const byId = new Map<number, ModuleChanges>();
  const of = (id: number) => {
    let found = byId.get(id);
    if (!found) {
      found = { id, name: '', change: null, lessons: [], questions: [] };
      byId.set(id, found);
    }
    return found;
  };
  for (const m of changes.modules) Object.assign(of(m.id), { name: m.name, change: m.change });
  for (const l of changes.lessons) of(l.module_id).lessons.push(l);
  for (const q of changes.questions) of(q.module_id).questions.push(q);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}
