import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import * as s from '../../ui/styles.css';
import { WidgetRoot } from '../../ui/WidgetRoot';
import { ImageAnalysisTab } from './ImageAnalysisTab';
import { ImageCorrectionTab } from './ImageCorrectionTab';
import { ImageValidationTab } from './ImageValidationTab';
import { StorageSample } from './StorageSample';

/**
 * admin §2 Enhanced Image URL Management: Analysis, Validation and Enhanced Correction, each with
 * its own run, progress bar and result summary; below them a sample of the image-assets bucket.
 */
export function ImageUrlManagement() {
  return (
    <WidgetRoot label="Enhanced Image URL Management">
      <Panel />
    </WidgetRoot>
  );
}

function Panel() {
  const [active, setActive] = useState<string>('analysis');
  return (
    <div className={s.stack}>
      <h3 className={s.subheading}>Enhanced Image URL Management</h3>
      <Tabs.Root value={active} onValueChange={setActive} className={s.stack}>
        <Tabs.List className={s.tabList} aria-label="Image tools">
          <Tabs.Trigger value="analysis" className={s.tab}>
            Analysis
          </Tabs.Trigger>
          <Tabs.Trigger value="validation" className={s.tab}>
            Validation
          </Tabs.Trigger>
          <Tabs.Trigger value="correction" className={s.tab}>
            Enhanced Correction
          </Tabs.Trigger>
        </Tabs.List>
        {TABS.map(([value, Tool]) => (
          // Mounted while hidden, so a job keeps running and its result stays when the admin switches tabs.
          <Tabs.Content key={value} value={value} forceMount hidden={value !== active}>
            <Tool />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <StorageSample />
    </div>
  );
}

const TABS = [
  ['analysis', ImageAnalysisTab],
  ['validation', ImageValidationTab],
  ['correction', ImageCorrectionTab],
] as const;
