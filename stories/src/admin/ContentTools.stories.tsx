import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario, consoleWith } from './adminScenario';

/**
 * Content Management (the console's tab, and /content-loader alone): module loading, Operation
 * Results, the Content Management System cards and Enhanced Image URL Management.
 */
const meta = {
  title: 'Admin/Content and Images',
  component: AdminConsole,
  args: { screen: 'console', tab: 'content' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;
type Play = NonNullable<Story['play']>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opens an image tool's tab, runs it (confirming where it asks) and optionally waits for a text. */
const runImageTool =
  (tab: string, button: string, waitFor?: RegExp): Play =>
  async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('tab', { name: tab }));
    await userEvent.click(await body.findByRole('button', { name: button }));
    const confirm = body.queryByRole('button', { name: 'Run Correction' });
    if (confirm) await userEvent.click(confirm);
    if (waitFor)
      await expect((await body.findAllByText(waitFor, {}, { timeout: 10_000 }))[0]).toBeInTheDocument();
  };

/** /content-loader: the content tools on their own screen. */
export const ContentLoaderScreen: Story = {
  args: { screen: 'content-loader' },
  parameters: adminScenario('admin-console'),
};

/** Module 3 loaded and the images refreshed: two Operation Results, newest first. */
export const ModuleLoaded: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Module 3' }));
    await expect((await body.findAllByText(/Module 3 loaded/))[0]).toBeInTheDocument();
    await userEvent.click(body.getByRole('button', { name: 'Refresh All Images' }));
    await expect((await body.findAllByText(/Refreshed 25 images/))[0]).toBeInTheDocument();
  },
};

/** Loading every module fails: the 'Loading Error' toast and a failed result. */
export const LoadAllFailed: Story = {
  parameters: adminScenario(consoleWith({ failing: 'writes' })),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Load All Modules' }));
    await expect((await body.findAllByText('Loading Error'))[0]).toBeInTheDocument();
  },
};

/** Analysis mid-run: held at 50%. */
export const ImageAnalysisRunning: Story = {
  parameters: adminScenario(consoleWith({ holdJobsAt: 50 })),
  play: runImageTool('Analysis', 'Run Analysis'),
};

/** Analysis done: four problematic links (double slash, encoding, spaces, prefix). */
export const ImageAnalysisDone: Story = {
  parameters: adminScenario('admin-console'),
  play: runImageTool('Analysis', 'Run Analysis', /Analysis complete/i),
};

/** Validation mid-run: held at 20%. */
export const ImageValidationRunning: Story = {
  parameters: adminScenario(consoleWith({ holdJobsAt: 20 })),
  play: runImageTool('Validation', 'Run Validation'),
};

/** Validation done: five broken links, with a recommendation. */
export const ImageValidationDone: Story = {
  parameters: adminScenario('admin-console'),
  play: runImageTool('Validation', 'Run Validation', /Validation complete/i),
};

/** Enhanced Correction mid-run: held at 30%. */
export const ImageCorrectionRunning: Story = {
  parameters: adminScenario(consoleWith({ holdJobsAt: 30 })),
  play: runImageTool('Enhanced Correction', 'Run Enhanced Correction'),
};

/** Enhanced Correction done: four links fixed, one with no file to map to ('Correction Completed with Issues'). */
export const ImageCorrectionDone: Story = {
  parameters: adminScenario('admin-console'),
  play: runImageTool('Enhanced Correction', 'Run Enhanced Correction', /Correction Completed with Issues/),
};

/** The analysis fails: 'Analysis Failed' toast. */
export const ImageAnalysisFailed: Story = {
  parameters: adminScenario(consoleWith({ failing: 'writes' })),
  play: runImageTool('Analysis', 'Run Analysis', /An error occurred during analysis/),
};

/** The LMS Packages card: one export button per format (SCORM 1.2, SCORM 2004, cmi5), and the cost said plainly. */
export const LmsPackages: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const card = await body.findByRole('region', { name: 'LMS Packages' });
    for (const name of ['Export SCORM 1.2', 'Export SCORM 2004', 'Export cmi5']) {
      await expect(within(card).getByRole('button', { name })).toBeEnabled();
    }
    await expect(within(card).getByText(/holds the quiz answer keys/)).toBeInTheDocument();
  },
};

/** An export the server cannot make (its package player is not built): the reason, as the server gave it. */
export const LmsPackageExportFailed: Story = {
  parameters: adminScenario('admin-console', {
    handlers: [
      http.get('/api/admin/content/package', () =>
        HttpResponse.json(
          {
            error: {
              code: 'unavailable',
              message:
                'The package player is not built (player-cmi5.js): run npm run build -w @coursekit/lms',
            },
          },
          { status: 503 },
        ),
      ),
    ],
  }),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Export cmi5' }));
    await expect(
      await body.findByText(/The cmi5 package could not be exported: The package player is not built/),
    ).toBeInTheDocument();
  },
};
