import { type AdminAnalyticsAdapter, progressCsvFileName } from '@coursekit/core';
import { saveBlob } from '../saveBlob';

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
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
  return name;
}
