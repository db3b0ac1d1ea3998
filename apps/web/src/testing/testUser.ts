import type { SessionUser } from '@sam/core';

/** The signed-in person of a component test. */
export const TEST_USER: SessionUser = {
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user',
  isAdmin: false,
  sub: 'account-1',
  id: 'account-1',
  contentBinding: 2,
  v1Binding: null,
};
