import { describe, expect, it } from 'vitest';
import { changesByModule } from './studioReview';

describe('a review in the outline’s nouns', () => {
  it('groups the changes by module, in module order, each with its lessons and questions', () => {
    const lesson = (module_id: number, title: string) => ({
      module_id,
      key: `module_${module_id}_1_${title}`,
      title,
      change: 'changed' as const,
      diff: [],
    });
    const grouped = changesByModule({
      course: ['title'],
      modules: [{ id: 3, name: 'Reports', change: 'added' }],
      lessons: [lesson(2, 'trends'), lesson(3, 'tables')],
      questions: [{ module_id: 2, quiz: 'course', number: 1, change: 'added', before: null, after: 'Why?' }],
      images: [],
    });
    expect(grouped.map((m) => [m.id, m.name, m.change, m.lessons.length, m.questions.length])).toEqual([
      [2, '', null, 1, 1],
      [3, 'Reports', 'added', 1, 0],
    ]);
  });
});
