// @vitest-environment happy-dom
// deferred() (src/app/deferred.tsx): a part of the app whose code did not download shows the
// notice with "Try again", and trying again loads it in place; an error that is not a download
// failure is not dressed up as one.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../src/app/deferred.tsx';
import { BOOT_RETRY, MODULE_LOAD_FAILED } from '../../../src/app/shell-text.ts';

afterEach(cleanup);

function Schedule({ day }: { day: string }) {
  return <p>Schedule for {day}</p>;
}

class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer caught: {this.state.error.message}</p> : this.props.children;
  }
}

describe('deferred', () => {
  it('shows the notice when the download fails, and loads in place on "Try again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Schedule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Schedule);
    const DeferredSchedule = deferred(load, <p>loading</p>);
    render(<DeferredSchedule day="Monday" />);
    expect(await screen.findByText(MODULE_LOAD_FAILED)).toBeTruthy();
    expect(screen.queryByText(/Schedule for/)).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: BOOT_RETRY })));
    expect(await screen.findByText('Schedule for Monday')).toBeTruthy();
    expect(screen.queryByText(MODULE_LOAD_FAILED)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    // Loaded once, a new instance renders at once without downloading again.
    cleanup();
    render(<DeferredSchedule day="Tuesday" />);
    expect(screen.getByText('Schedule for Tuesday')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('lets an error of the loaded part itself go on up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): ReactNode {
      throw new Error('a bug, not a download');
    }
    const DeferredBroken = deferred(async () => Broken);
    render(
      <Outer>
        <DeferredBroken />
      </Outer>,
    );
    expect(await screen.findByText('outer caught: a bug, not a download')).toBeTruthy();
    expect(screen.queryByText(MODULE_LOAD_FAILED)).toBeNull();
    vi.restoreAllMocks();
  });
});
