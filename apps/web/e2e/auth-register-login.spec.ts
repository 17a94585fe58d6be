import type { Request } from '@playwright/test';
import { registerAccount, submitLogin, submitRegistration } from './support/accounts';
import { expect, test, uniqueName } from './support/fixtures';
import { expectToast } from './support/toasts';

const PASSWORD = 'stretch-and-breathe-42';

test('the registration form shows every validation message and sends nothing until the input is valid', async ({ page }) => {
  const registerCalls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('auth.register')) registerCalls.push(request);
  });
  await page.goto('/register');
  const username = page.getByRole('textbox', { name: 'Username' });
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm Password' });
  const submit = page.getByRole('button', { name: 'Create Account' });

  await test.step('an empty form', async () => {
    await submit.click();
    await expect(username).toHaveAccessibleDescription('Username must be at least 3 characters');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters');
  });

  await test.step('values that are too short, malformed or different', async () => {
    await submitRegistration(page, { username: 'ab', email: 'ab@example', password: '12345' }, '12346');
    await expect(username).toHaveAccessibleDescription('Username must be at least 3 characters');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters');
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
  });

  await test.step('only the confirmation is off', async () => {
    await submitRegistration(page, { username: 'abc', email: 'abc@example.com', password: '123456' }, '1234567');
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
    for (const field of [username, email, password]) await expect(field).toHaveAccessibleDescription('');
  });

  expect(registerCalls).toHaveLength(0);
});

test('the login form requires a username and a password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription('Username is required');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription('Password is required');

  await page.getByRole('textbox', { name: 'Username' }).fill('someone');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription('');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription('Password is required');
});

test('register, meet a taken username, sign in to the dashboard and log out', async ({ page }) => {
  const username = uniqueName('reg');

  await test.step('register and land on the login screen with a toast', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await submitRegistration(page, { username, email: `${username}@example.com`, password: PASSWORD });
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'Account created', 'Sign in with your new username and password.');
  });

  await test.step('the same username again gets the server message', async () => {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await submitRegistration(page, { username, email: `other-${username}@example.com`, password: PASSWORD });
    await expectToast(page, 'Registration failed', 'That username is already taken');
    await expect(page).toHaveURL(/\/register$/);
  });

  await test.step('a wrong password gets the server message', async () => {
    await page.goto('/login');
    await submitLogin(page, username, `${PASSWORD}-wrong`);
    await expectToast(page, 'Login failed', 'Invalid username or password');
  });

  await test.step('sign in: the button is busy while the request is in flight, then the dashboard greets', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/auth.login*', async (route) => {
      await held;
      await route.continue();
    });
    await submitLogin(page, username, PASSWORD);
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await expect(signIn).toBeDisabled();
    await expect(signIn).toHaveAttribute('data-loading', 'true');
    release();
    await expect(page.getByRole('heading', { name: `Welcome to Breaker, ${username}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.unroute('**/trpc/auth.login*');
  });

  await test.step('log out back to the landing page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log Out' }).click();
    await expect(page.getByRole('heading', { name: 'Short breaks that fit between your meetings' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  });
});

test('after registering, the login form keeps what is typed at once: it is shown once, not mounted again', async ({ page }) => {
  const username = uniqueName('keep');
  await page.goto('/register');
  await submitRegistration(page, { username, email: `${username}@example.com`, password: PASSWORD });

  // The first moment the login form is there: its username field, kept to see whether that very element stays.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  const field = page.getByRole('textbox', { name: 'Username' });
  const first = await field.elementHandle();
  await field.pressSequentially(username);
  await expectToast(page, 'Account created', 'Sign in with your new username and password.');
  await page.waitForLoadState('networkidle');
  await expect(field).toHaveValue(username);
  expect(await first!.evaluate((node) => node.isConnected)).toBe(true);
});

test('after registering on a slow CPU, keys pressed the moment the login page opens all land in one username field', async ({
  page,
}) => {
  const username = uniqueName('slow');
  // Every username field the login page ever shows, counted as it enters the document: a form mounted again
  // brings a new one, even if it comes back before anyone looks.
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const counts = { loginUsernameFields: 0 };
    Object.assign(window, { __fieldCounts: counts });
    new MutationObserver(() => {
      if (window.location.pathname !== '/login') return;
      // The sign-in form's field: the one beside a current password (the registration form's is beside a new one).
      for (const field of document.querySelectorAll(
        'form:has(input[autocomplete="current-password"]) input[autocomplete="username"]',
      )) {
        if (seen.has(field)) continue;
        seen.add(field);
        counts.loginUsernameFields += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Typing starts as soon as the sign-in form's username field takes keys, with no wait for the heading, the toast or
  // the network: what a quick user does. The address changes first, while the registration form (with a username
  // field of its own) can still be on screen until the login page's code has loaded: the field is the sign-in form's.
  await page.waitForURL(/\/login$/);
  const field = page.locator('form:has(input[autocomplete="current-password"])').getByRole('textbox', { name: 'Username' });
  await field.pressSequentially(username);
  // The toast is not awaited here: typing at this speed outlasts it (the test above checks it).
  await page.waitForLoadState('networkidle');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(field).toHaveValue(username);
  expect(
    await page.evaluate(() => (window as unknown as { __fieldCounts: { loginUsernameFields: number } }).__fieldCounts),
  ).toEqual({
    loginUsernameFields: 1,
  });
});

test('too many wrong passwords for one account end in the server rate-limit message', async ({ page, baseURL }) => {
  const account = { username: uniqueName('limit'), email: `${uniqueName('limit')}@example.com`, password: PASSWORD };
  await registerAccount(page.request, baseURL!, account);

  // The account allows 10 failed sign-ins per 15 minutes: spend them without the screen, then try once on it.
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const response = await page.request.post('/api/auth/login', {
      data: { username: account.username, password: 'not-the-password' },
      headers: { origin: baseURL! },
    });
    expect(response.status()).toBe(401);
  }

  await page.goto('/login');
  await submitLogin(page, account.username, account.password);
  await expectToast(page, 'Login failed', 'Too many requests, please wait a moment and try again');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
