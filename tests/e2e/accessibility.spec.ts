import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';

// Keyboard access to the page skeleton. Axe on every page, in both languages and at phone and desktop
// widths, is every-page.spec.ts (it ran here too, on the same pages with fewer rules: decision 054).
test('The skip link is the first thing the keyboard reaches and moves focus to the content', async ({ page }) => {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

// The check every journey relies on finds what it should: a page that breaks rules gets each one
// named with its elements, in a second state of the same document too (axe is put in once a page).
test('The accessibility check names each rule a page breaks and the elements that break it', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Probe</title></head><body><main><h1>Title</h1><img src="a.png"></main></body></html>',
  );
  expect(await axeViolations(page, 'first:')).toEqual(['first: image-alt: img']);
  await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<button id="b"></button>'));
  expect(await axeViolations(page, 'second:')).toEqual(['second: button-name: #b', 'second: image-alt: img']);
});

// A change of theme or width starts transitions; the check measures the page once they have ended,
// not the colours halfway (black text on a background still turning from black to white).
test('The accessibility check waits for transitions to end before it measures contrast', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Probe</title><style>button{color:#fff;background:#000;transition:background-color 1s linear}' +
      '.light button{color:#000;background:#fff}</style></head><body><main><h1>Title</h1><button>Leave</button></main></body></html>',
  );
  expect(await axeViolations(page, 'dark:')).toEqual([]);
  await page.evaluate(() => document.documentElement.classList.add('light'));
  expect(await axeViolations(page, 'light:')).toEqual([]);
});
