import { type AdminAnalyticsAdapter, progressCsvFileName } from '@coursekit/core';

/**
 * Fetches the learner-progress CSV and saves it in the admin's browser as
 * coursekit-progress-YYYY-MM-DD.csv. Answers the file name.
 */
export async function downloadProgressCsv(
  analytics: AdminAnalyticsAdapter,
  now: Date = new Date(),
): Promise<string> {
  const csv = await analytics.progressCsv();
  const name = progressCsvFileName(now);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
