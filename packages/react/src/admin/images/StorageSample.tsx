import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import * as s from '../../ui/styles.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';

/** admin §9: the storage file sample shows the first 10 files of the image-assets bucket. */
const STORAGE_SAMPLE_SIZE = 10;

/** What the image-assets bucket holds: its size and a sample of file names. */
export function StorageSample() {
  const admin = useAdmin();
  const headingId = useId();
  const files = useQuery({ queryKey: adminKeys.images(), queryFn: () => admin.images.list() });

  return (
    <section className={s.card} aria-labelledby={headingId}>
      <h4 id={headingId} className={s.subheading}>
        Storage (image-assets)
      </h4>
      {files.isError ? (
        <p className={s.muted} role="alert">
          {files.error.message}
        </p>
      ) : !files.data ? (
        <p className={s.muted}>Loading files...</p>
      ) : files.data.length === 0 ? (
        <p className={s.muted}>The bucket holds no files.</p>
      ) : (
        <>
          <p className={s.text}>
            {files.data.length} files; the first {Math.min(STORAGE_SAMPLE_SIZE, files.data.length)}:
          </p>
          <ul className={s.list} aria-label="Storage sample">
            {files.data.slice(0, STORAGE_SAMPLE_SIZE).map((f) => (
              <li key={f.name} className={s.muted}>
                <code>{f.name}</code> · {(f.size / 1024).toFixed(1)} KB
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
