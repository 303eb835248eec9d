import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { ApiProvider } from '../api/api-context.tsx';
import type { ApiClient } from '../api/api-client.ts';
import { AppProvider } from '../components/app-provider.tsx';
import { fakeApi } from './fake-api.ts';

export interface KitRender extends RenderResult {
  user: UserEvent;
}

/** Renders inside the providers every Polyblok surface gives its screens: Mantine with the kit's theme, a query client, the API. */
export function renderWithKit(ui: ReactElement, { api = fakeApi().client }: { api?: ApiClient } = {}): KitRender {
  const user = userEvent.setup();
  const result = render(
    <AppProvider env="test">
      <ApiProvider client={api}>{ui}</ApiProvider>
    </AppProvider>,
  );
  return { user, ...result };
}

/** A form field the user is told is wrong, and why (Mantine links the message as the field's description). */
export function expectProblem(field: HTMLElement, message: string): void {
  expect(field).toBeInvalid();
  expect(field).toHaveAccessibleDescription(message);
}
