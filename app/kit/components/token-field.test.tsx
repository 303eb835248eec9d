import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client.ts';
import { renderWithKit } from '../testing/render-kit.tsx';
import { TokenField } from './token-field.tsx';

const fallbackMessage = 'The token could not be checked. Please try again.';

describe('TokenField', () => {
  it('hands on what is pasted, and says nothing before a try', async () => {
    const onChange = vi.fn();
    const { user } = renderWithKit(<TokenField value="" onChange={onChange} error={null} fallbackMessage="" />);

    const field = screen.getByLabelText('Personal access token');
    expect(field).toHaveAttribute('placeholder', 'Paste your token');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).not.toHaveAttribute('data-invalid');
    await user.click(field);
    await user.paste('sb-token');
    expect(onChange).toHaveBeenLastCalledWith('sb-token');
  });

  it.each([
    [
      'a refused token by name',
      new ApiError('invalid_token', 422, 'Storyblok refused it'),
      'Invalid personal access token',
    ],
    [
      'another failure in the server’s words',
      new ApiError('storyblok_unavailable', 503, 'Storyblok is down'),
      'Storyblok is down',
    ],
    ['a failure without words in its own', new Error('offline'), fallbackMessage],
  ])('says %s', (_case, error, message) => {
    renderWithKit(<TokenField value="bad" onChange={() => {}} error={error} fallbackMessage={fallbackMessage} />);
    // Mantine's PasswordInput marks its input with data-invalid rather than aria-invalid; the message is its description.
    const field = screen.getByLabelText('Personal access token');
    expect(field).toHaveAttribute('data-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
  });
});
