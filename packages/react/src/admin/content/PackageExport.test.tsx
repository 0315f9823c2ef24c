import { type AdminAdapter, type CourseAdapter, CourseError, type PackageFormat } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { AdminConsole } from '../AdminConsole';

/** The memory adapter of an admin world, its content part given this export (or none). */
function withExport(exportPackage?: (format: PackageFormat) => Promise<{ fileName: string; data: Blob }>) {
  const adapter = createMemoryAdapter(createMemoryStore('admin-console'));
  const admin = adapter.admin as AdminAdapter;
  return { ...adapter, admin: { ...admin, content: { ...admin.content, exportPackage } } } as CourseAdapter;
}

describe('LMS Packages', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the zip the adapter answers, under the server’s name, and says so', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:package');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const asked: PackageFormat[] = [];
    const adapter = withExport(async (format) => {
      asked.push(format);
      return { fileName: `course-${format}.zip`, data: new Blob([new Uint8Array(300 * 1024)]) };
    });
    const { user } = renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    await user.click(await screen.findByRole('button', { name: 'Export SCORM 2004' }));
    expect(
      await screen.findByText('SCORM 2004 package saved as course-scorm2004.zip (300 KB).'),
    ).toBeTruthy();
    expect(asked).toEqual(['scorm2004']);
    expect(saved).toEqual(['course-scorm2004.zip']);
    await expectNoAxeViolations();
  });

  it('says why an export failed, and saves nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const adapter = withExport(async () => {
      throw new CourseError('unavailable', 'Service temporarily unavailable');
    });
    const { user } = renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    await user.click(await screen.findByRole('button', { name: 'Export SCORM 1.2' }));
    expect(
      await screen.findByText('The SCORM 1.2 package could not be exported: Service temporarily unavailable'),
    ).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });

  it('is not offered by an adapter that cannot export', async () => {
    renderWidget(<AdminConsole tab="content" />, { adapter: withExport(undefined), onNavigate: vi.fn() });
    expect(await screen.findByRole('region', { name: 'Content Management System' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'LMS Packages' })).toBeNull();
  });
});
