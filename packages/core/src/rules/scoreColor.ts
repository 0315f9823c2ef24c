export type ScoreColor = 'green' | 'blue' | 'yellow' | 'red';

/** learner §4/§9: 90 or above green, 75 or above blue, 60 or above yellow, otherwise red. */
export function learnerScoreColor(percentage: number): ScoreColor {
  if (percentage >= 90) return 'green';
  if (percentage >= 75) return 'blue';
  if (percentage >= 60) return 'yellow';
  return 'red';
}

/** admin §5/§9: at or above the passing score green; at or above 70% of it yellow; otherwise red. */
export function adminScoreColor(percentage: number, passingScore: number): Exclude<ScoreColor, 'blue'> {
  if (percentage >= passingScore) return 'green';
  if (percentage * 10 >= passingScore * 7) return 'yellow';
  return 'red';
}
