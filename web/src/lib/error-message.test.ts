import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, errorToastMessage, serializedResponse } from './error-message';

describe('errorToastMessage', () => {
  it('shows the body message first, even when an error_description is present', () => {
    // Act
    const text = errorToastMessage({ message: 'Role not found', error_description: 'ignored' }, 'raw');
    // Assess
    expect(text).toBe('Role not found');
  });

  it('shows the OAuth error_description when there is no message', () => {
    expect(
      errorToastMessage({ error: 'invalid_grant', error_description: 'Invalid email or password' }),
    ).toBe('Invalid email or password');
  });

  it('falls back to the raw error message, then to the default text', () => {
    expect(errorToastMessage({ message: '  ' }, 'Request failed with status code 502')).toBe(
      'Request failed with status code 502',
    );
    expect(errorToastMessage('<html>Bad gateway</html>', 'Failed to fetch')).toBe('Failed to fetch');
    expect(errorToastMessage(undefined)).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorToastMessage({ message: 42 }, '')).toBe('Something went wrong');
  });
});

describe('serializedResponse', () => {
  it('serializes a JSON body and keeps text bodies as they are', () => {
    expect(serializedResponse({ message: 'Nope' }, 'raw')).toBe('{"message":"Nope"}');
    expect(serializedResponse('Bad gateway', 'raw')).toBe('Bad gateway');
  });

  it('uses the raw message when the server sent nothing', () => {
    expect(serializedResponse(undefined, 'Failed to fetch')).toBe('Failed to fetch');
    expect(serializedResponse('', 'Request failed with status code 500')).toBe(
      'Request failed with status code 500',
    );
  });
});
