import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAbilities } from '../abilities';
import { createStaticAuthSession } from '../static-session';
import { AuthProvider } from './AuthProvider';
import { Can } from './Can';

const session = (abilities: string[], blacklist: string[] = []) => createStaticAuthSession({ abilities, blacklist });

describe('<Can>', () => {
  it('renders children when the permission is granted', () => {
    render(
      <AuthProvider session={session(['Task.Review'])}>
        <Can I="Task.Review">review</Can>
      </AuthProvider>,
    );
    expect(screen.getByText('review')).toBeTruthy();
  });

  it('renders the fallback (or nothing) when denied', () => {
    const { container } = render(
      <AuthProvider session={session(['Task.View'])}>
        <Can I="Task.Review" fallback={<span>read only</span>}>
          review
        </Can>
        <Can I="Task.Delete">delete</Can>
      </AuthProvider>,
    );
    expect(screen.getByText('read only')).toBeTruthy();
    expect(container.textContent).toBe('read only');
  });

  it('accepts any of several permissions', () => {
    render(
      <AuthProvider session={session(['Task.View'])}>
        <Can anyOf={['Task.Review', 'Task.View']}>open</Can>
        <Can anyOf={['Task.Review', 'Task.Delete']}>edit</Can>
      </AuthProvider>,
    );
    expect(screen.getByText('open')).toBeTruthy();
    expect(screen.queryByText('edit')).toBeNull();
  });

  it('denies blacklisted permissions even when granted', () => {
    render(
      <AuthProvider session={session(['Task.Review', 'Task.View'], ['Task.Review'])}>
        <Can I="Task.Review">review</Can>
        <Can I="Task.View">view</Can>
      </AuthProvider>,
    );
    expect(screen.queryByText('review')).toBeNull();
    expect(screen.getByText('view')).toBeTruthy();
  });

  it('denies everything while signed out or loading', () => {
    const { container } = render(
      <AuthProvider session={createStaticAuthSession({ status: 'loading', abilities: ['Task.Review'] })}>
        <Can I="Task.Review">review</Can>
      </AuthProvider>,
    );
    expect(container.textContent).toBe('');
  });

  it('works outside a provider with explicit abilities, and says what is missing without them', () => {
    render(
      <Can I="Home.View" abilities={createAbilities(['Home.View'])}>
        home
      </Can>,
    );
    expect(screen.getByText('home')).toBeTruthy();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Can I="Home.View">home</Can>)).toThrow('<Can> must be used inside <AuthProvider>');
  });

  it('keeps two providers on one page apart', () => {
    render(
      <>
        <AuthProvider session={session(['Task.Review'])}>
          <Can I="Task.Review">first may review</Can>
        </AuthProvider>
        <AuthProvider session={session([])}>
          <Can I="Task.Review">second may review</Can>
        </AuthProvider>
      </>,
    );
    expect(screen.getByText('first may review')).toBeTruthy();
    expect(screen.queryByText('second may review')).toBeNull();
  });
});
