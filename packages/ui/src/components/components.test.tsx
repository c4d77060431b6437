import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HealthCheckWarning } from '../notices/useNotices';
import { renderWithProvider } from '../test/render';
import { AvatarGroup } from './AvatarGroup/AvatarGroup';
import { Button } from './Button/Button';
import { Dialog } from './Dialog/Dialog';
import { Input } from './Field/Field';
import { Tabs } from './Tabs/Tabs';
import { TaskStatusBadge } from './TaskStatusBadge/TaskStatusBadge';

const people = ['Ana Silva', 'Rui Costa', 'Marta Sousa', 'João Pereira', 'Inês Almeida'].map((name, i) => ({
  id: `u${i}`,
  name,
}));

describe('AvatarGroup', () => {
  it('shows at most 3 avatars and "+N" for the rest', () => {
    renderWithProvider(<AvatarGroup people={people} />);
    const group = screen.getByRole('group');
    expect(group.querySelectorAll('.rd-avatar:not(.rd-avatar--more)')).toHaveLength(3);
    expect(within(group).getByText('+2')).toBeTruthy();
    expect(group.getAttribute('aria-label')).toContain('Inês Almeida');
  });
});

describe('TaskStatusBadge', () => {
  it('names the status in the provider language', () => {
    renderWithProvider(<TaskStatusBadge status={60} />);
    expect(screen.getByText('Para rever')).toBeTruthy();
  });

  it('falls back for unknown codes', () => {
    renderWithProvider(<TaskStatusBadge status={999} />, { locale: 'en' });
    expect(screen.getByText('Unknown status (999)')).toBeTruthy();
  });
});

describe('Input', () => {
  it('wires label, hint and error to the control', () => {
    renderWithProvider(<Input label="Name" hint="Shown in lists" error="Required" />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown in lists', 'Required']);
  });
});

describe('Tabs', () => {
  it('moves selection and focus with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProvider(
      <Tabs
        label="Views"
        tabs={[
          { id: 'a', label: 'A', panel: 'Panel A' },
          { id: 'b', label: 'B', panel: 'Panel B' },
        ]}
      />,
    );
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'B' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'B' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel B');
  });
});

function DialogDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Confirm" />
    </>
  );
}

describe('Dialog', () => {
  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderWithProvider(<DialogDemo />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('HealthCheckWarning', () => {
  it('shows the warning for 7 seconds when the check answers false', async () => {
    vi.useFakeTimers();
    try {
      renderWithProvider(<HealthCheckWarning check={() => Promise.resolve(false)} />, { locale: 'en' });
      await act(async () => {});
      expect(screen.getByRole('alert').textContent).toContain('The service is not responding');
      act(() => vi.advanceTimersByTime(6900));
      expect(screen.queryByRole('alert')).not.toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([401, 403])('shows nothing when the check fails with %i', async (status) => {
    renderWithProvider(<HealthCheckWarning check={() => Promise.reject(Object.assign(new Error('x'), { status }))} />);
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the check fails with another status', async () => {
    renderWithProvider(
      <HealthCheckWarning check={() => Promise.reject(Object.assign(new Error('x'), { status: 500 }))} />,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dispensar' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
