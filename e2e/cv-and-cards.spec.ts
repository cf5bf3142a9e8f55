import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { otherSite } from './support/cards';
import { hydrated, open, shot } from './support/pages';

/**
 * A person who looks for work, at phone and desktop width: their CV leaves the site as a print page, a PDF
 * and JSON Resume, in the reader's language; their portfolio's card is framed by a page of another origin,
 * and their profile's SVG card, copied as Markdown for a README, shows on a page of another origin too,
 * light and dark.
 */
test('a profile’s CV in its forms, and the cards other sites show', async ({ page, request }, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const username = `rezyume_${p}`;
  const name = { firstname: 'Gʻayrat', lastname: 'Жўраев' };
  const fullName = `${name.firstname} ${name.lastname}`;
  const headline = 'Frontend dasturchi';
  const title = `Ob-havo ilovasi ${p}`;
  const origin = new URL(info.project.use.baseURL!).origin;
  const token = await registerByApi(request, username, name);
  try {
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': token },
      data: { title, url: 'https://example.uz', used: ['React', 'TypeScript'] },
    });
    expect(created.status()).toBe(201);
    const portfolio = (await created.json()) as { _id: string; linktitle: string };
    const updated = await request.put('/api/user/me/update', {
      headers: { 'x-token': token },
      data: {
        headline,
        city: 'toshkent',
        experience: [{ role: 'React muhandisi', company: 'Uzum', from: '2023-09', to: null }],
        education: [{ school: 'TATU', field: 'Dasturiy injiniring', from: 2018, to: 2022 }],
        openToWork: { status: 'looking', roles: ['Frontend'], employment: ['full'], remote: true },
        pinned: [portfolio._id],
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);

    // The portfolio's page: the author is open to work, and the card's snippet frames on another site.
    await open(page, `/portfolio/${encodeURIComponent(portfolio.linktitle)}`);
    const authorLine = page.locator('.author-line');
    await expect(authorLine.getByRole('link', { name: fullName })).toBeVisible();
    await expect(authorLine.getByText('Ishga tayyor')).toBeVisible();
    await page.locator('summary', { hasText: 'Saytingizga joylash' }).click();
    const iframeSnippet = await page.getByLabel('HTML (iframe)').inputValue();
    const cardUrl = `${origin}/embed/portfolio/${encodeURIComponent(portfolio.linktitle)}`;
    expect(iframeSnippet).toContain(`<iframe src="${cardUrl}" width="400" height="160"`);

    const blog = await otherSite('Mening blogim', iframeSnippet);
    try {
      expect(new URL(blog.url).origin).not.toBe(origin);
      await page.goto(blog.url);
      const card = page.frameLocator('iframe');
      // Framing refused would leave an error page in the frame: the card's title is there only if allowed.
      await expect(card.getByRole('link', { name: title })).toBeVisible();
      await expect(card.getByText(fullName)).toBeVisible();
      expect(page.frames().map((frame) => frame.url())).toContain(cardUrl);
      const box = (await page.locator('iframe').boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(Math.min(400, page.viewportSize()!.width));
      await shot(page, info, 'cards-framed-portfolio');
    } finally {
      await blog.close();
    }

    // The profile: the badge, and the CV as a page to print.
    await open(page, `/profile/${username}`);
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await expect(page.getByText('Ishga tayyor').first()).toBeVisible();
    const resume = page.getByRole('region', { name: 'Rezyume' });
    await resume.getByRole('link', { name: 'Chop etishga tayyor sahifa' }).click();
    await expect(page).toHaveURL(`${origin}/profile/${username}/cv`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Latn');
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await expect(page.locator('header').getByText(headline, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'React muhandisi' })).toBeVisible();
    await expect(page.getByText('Uzum')).toBeVisible();
    await expect(page.getByText('TATU')).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    // A page of its own: none of the site's navigation around it.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.locator('header a, nav a')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Portfoliolar' })).toHaveCount(0);
    await shot(page, info, 'cards-cv');

    await page.goBack();
    await hydrated(page);
    await expect(page).toHaveURL(`${origin}/profile/${username}`);
    const pdfHref = (await resume.getByRole('link', { name: 'PDF' }).getAttribute('href'))!;
    expect(pdfHref).toBe(`/profile/${username}/cv.pdf`);
    const pdf = await page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const jsonHref = (await resume.getByRole('link', { name: 'JSON Resume' }).getAttribute('href'))!;
    expect(jsonHref).toBe(`/profile/${username}/resume.json`);
    const json = await page.request.get(jsonHref);
    expect(json.status()).toBe(200);
    expect(((await json.json()) as { basics: { name: string } }).basics.name).toBe(fullName);

    // The README badge: copied as Markdown, then shown from the README's own origin, light and dark.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.locator('summary', { hasText: 'README uchun nishon' }).click();
    const markdownField = page.getByLabel('Markdown (GitHub README)');
    const markdown = await markdownField.inputValue();
    const svgUrl = `${origin}/embed/profile/${username}.svg`;
    expect(markdown).toBe(`[![${fullName}](${svgUrl})](${origin}/profile/${username})`);
    const snippet = page.locator('.snippet').filter({ has: markdownField });
    await snippet.getByRole('button', { name: 'Nusxalash' }).click();
    await expect(snippet.getByRole('status')).toHaveText('Nusxalandi');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);

    const svgFromMarkdown = /^\[!\[[^\]]*\]\(([^)]+)\)\]/.exec(markdown)![1]!;
    expect(svgFromMarkdown).toBe(svgUrl);
    const readme = await otherSite(
      'README',
      [svgFromMarkdown, `${svgFromMarkdown}?theme=dark`]
        .map(
          (src, at) =>
            `<p><img id="card-${at}" src="${src}" alt="${fullName}" width="495" style="max-width:100%;height:auto"></p>`,
        )
        .join(''),
    );
    try {
      await page.goto(readme.url);
      for (const id of ['#card-0', '#card-1']) {
        const image = page.locator(id);
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
          .toBe(495);
        expect(await image.evaluate((element: HTMLImageElement) => element.naturalHeight)).toBe(195);
      }
      await shot(page, info, 'cards-readme-svg');
    } finally {
      await readme.close();
    }

    // The same profile in Russian: its CV link keeps the prefix, and the CV is in Russian.
    await open(page, `/ru/profile/${username}`);
    const printPage = page.getByRole('link', { name: 'Страница для печати' });
    await expect(printPage).toHaveAttribute('href', `/ru/profile/${username}/cv`);
    await printPage.click();
    await expect(page).toHaveURL(`${origin}/ru/profile/${username}/cv`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  } finally {
    await leave(request, token);
  }
});
