// @vitest-environment happy-dom
// The careers pages' islands over a mocked careers API (the calls themselves are the server's tests):
// the timeline's badge and actions, the details page's score, N/A, consent and unregistered message,
// a document upload's progress and cancel, a failed download's words.
import { ApiError } from '../../lib/base/api-error.ts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CareerJob, EmploymentDetails } from '../../../contract/careers.ts';
import * as careersApi from '../../lib/api/careers-api.ts';
import { UploadCancelledError } from '../../lib/api/request.ts';
import { $careers, $employment, loadCareers, loadEmployment, setReviewVisibility } from '../../lib/stores/careers.ts';
import { forgetServerData, myJobsKey, refresh, under } from '../../lib/stores/query.ts';
import { takeToasts } from '../../lib/stores/toasts.ts';
import { $fatalError, clearFatalError } from '../../lib/stores/fatal-error.ts';
import CareersApp from './CareersApp.tsx';
import EmploymentDetailsApp, { jobIdOfPage } from './EmploymentDetailsApp.tsx';
import ExperienceDialog, { skillsFromLines } from './ExperienceDialog.tsx';
import { careersLimits } from '../../../contract/careers.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/api/careers-api.ts', () => ({
  fetchCareers: vi.fn(),
  fetchEmploymentDetails: vi.fn(),
  saveExperience: vi.fn(),
  setReviewVisibility: vi.fn(),
  saveReviewReply: vi.fn(),
  deleteReviewReply: vi.fn(),
  setFinalFeedbackVisibility: vi.fn(),
  saveFinalFeedbackReply: vi.fn(),
  deleteFinalFeedbackReply: vi.fn(),
  leaveCompany: vi.fn(),
  startDocumentUpload: vi.fn(),
  deleteDocument: vi.fn(),
  downloadDocument: vi.fn(),
  fetchDocumentBlob: vi.fn(),
}));
const api = vi.mocked(careersApi);

const verifiedJob: CareerJob = {
  id: 41,
  verified: true,
  self_declared_id: null,
  position: 'Senior Backend Engineer',
  company: { id: 3, name: 'Northwind Analytics', logo_url: null, registered: true, verified_domain: null },
  start_date: '2023-02-01',
  end_date: null,
  is_current: true,
  planned_termination: null,
  leaves_on: null,
  months: 34,
  confirmation: null,
  work_email_domain: null,
};
const ownJob: CareerJob = {
  ...verifiedJob,
  id: 12,
  verified: false,
  self_declared_id: 12,
  position: 'Software Engineer',
  company: { id: null, name: 'Contoso Ltd', logo_url: null, registered: false, verified_domain: null },
  start_date: '2018-09-01',
  end_date: '2023-01-01',
  is_current: false,
  months: 53,
};
const details: EmploymentDetails = {
  ...verifiedJob,
  team: { id: 2, name: 'Platform' },
  reviewer: { user_id: 7, member_id: 4, name: 'Roman Reviewer', photo_url: null },
  experience_description: null,
  technical_skills: [],
  documents: [],
  competencies: [],
  reviews: [
    {
      id: 22,
      reviewed_on: '2026-09-30',
      reviewer: { user_id: 7, name: 'Roman Reviewer' },
      ratings: [
        { competency_id: 1, competency_name: 'System design', rating: 'excellent', comment: 'Clear designs.' },
        { competency_id: 3, competency_name: 'Mentoring', rating: 'na', comment: null },
      ],
      is_public: false,
      reply: null,
      replied_at: null,
      created_at: '2026-09-30T10:00:00Z',
      updated_at: '2026-09-30T10:00:00Z',
    },
  ],
  in_company_score: {
    score: 4.6,
    counted: 2,
    not_applicable: 1,
    total_weight: 5,
    inputs: [
      { competency_id: 1, name: 'System design', rating: 'excellent', weight: 3 },
      { competency_id: 3, name: 'Mentoring', rating: 'na', weight: 1 },
    ],
  },
  final_feedback: null,
  achievements: [],
  events: [{ id: 1, kind: 'hired', position: 'Backend Engineer', reviewer_name: null, occurred_at: '2023-02-01T09:00:00Z' }],
  can_leave: true,
  work_email: { domain: null, address: null, status: 'none' },
};

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  vi.resetAllMocks();
  forgetServerData();
});
afterEach(() => {
  cleanup();
  clearFatalError();
  takeToasts();
});

describe('the careers timeline', () => {
  it('marks only the company-verified job as verified and offers edit and delete only on the person’s own job', async () => {
    api.fetchCareers.mockResolvedValue({ jobs: [verifiedJob, ownJob] });
    render(<CareersApp locale="en_GB" messages={islandMessages('en_GB', 'careers/CareersApp.tsx')} />);
    await settle();
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Verified · identity not verified')).toBeTruthy();
    expect(within(first!).getByText('Feb 2023 – Present')).toBeTruthy();
    expect(within(first!).getByText('2 yrs 10 mos')).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(second!).queryByText(/^Verified/)).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Edit Software Engineer, Contoso Ltd' })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Delete Software Engineer, Contoso Ltd' })).toBeTruthy();
    expect(
      within(first!)
        .getByRole('link', { name: /Employment details/ })
        .getAttribute('href'),
    ).toBe('/employment-details/41');
  });

  it('says what the page is for when there is no job yet, in Ukrainian', async () => {
    api.fetchCareers.mockResolvedValue({ jobs: [] });
    render(<CareersApp locale="uk_UA" messages={islandMessages('uk_UA', 'careers/CareersApp.tsx')} />);
    await settle();
    expect(screen.getByText('Місць роботи ще немає')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Додати місце роботи' })).toBeTruthy();
  });
});

describe('employment details', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/employment-details/41');
  });

  it('reads the job id from its path only when it is a positive whole number', () => {
    expect(jobIdOfPage('/employment-details/41')).toBe(41);
    expect(jobIdOfPage('/employment-details/0')).toBeUndefined();
    expect(jobIdOfPage('/employment-details/4a')).toBeUndefined();
    expect(jobIdOfPage('/careers')).toBeUndefined();
  });

  it('shows the score with how it was computed, and N/A as not counted', async () => {
    api.fetchEmploymentDetails.mockResolvedValue(details);
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Senior Backend Engineer' })).toBeTruthy();
    expect(screen.getByText('4.6 of 6')).toBeTruthy();
    expect(screen.getByText(/Counted: 2 competencies with a total weight of 5\. Left out as N\/A: 1\./)).toBeTruthy();
    expect(screen.getAllByText('Excellent (5 of 6)').length).toBeGreaterThan(0);
    expect(screen.getAllByText('not counted').length).toBe(2);
    expect(screen.getByRole('button', { name: 'Leave company' })).toBeTruthy();
  });

  it('dates a confirmed job by its start and the confirmation by its own day, in both languages, with no achievements card when the job earned none', async () => {
    const confirmed: EmploymentDetails = {
      ...details,
      start_date: '2022-01-10',
      achievements: [],
      events: [{ id: 5, kind: 'confirmed', position: 'Backend Engineer', reviewer_name: null, occurred_at: '2026-11-25T09:00:00Z' }],
    };
    api.fetchEmploymentDetails.mockResolvedValue(confirmed);
    const { unmount } = render(
      <EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />,
    );
    await settle();
    const history = within(screen.getByRole('heading', { name: 'History' }).closest('section, div')!.parentElement!);
    const items = () => history.getAllByRole('listitem').map((li) => li.textContent);
    expect(items()).toEqual(['StartedJan 10, 2022', 'Confirmed by the companyNov 25, 2026']);
    expect(screen.queryByRole('heading', { name: 'Achievements' })).toBeNull();
    expect(screen.queryByText(/Hired by the company/)).toBeNull();
    unmount();
    render(<EmploymentDetailsApp locale="uk_UA" messages={islandMessages('uk_UA', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    expect(screen.getByText('Початок роботи')).toBeTruthy();
    expect(screen.getByText('Підтвердження компанією')).toBeTruthy();
  });

  it('shows a review on the public profile when its switch is turned on, then shows the job as answered', async () => {
    api.fetchEmploymentDetails.mockResolvedValue(details);
    api.setReviewVisibility.mockResolvedValue({ ...details, reviews: [{ ...details.reviews[0]!, is_public: true }] });
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    const toggle = screen.getByRole('switch', { name: 'Show on my public profile' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await act(async () => {
      fireEvent.click(toggle);
    });
    await settle();
    expect(api.setReviewVisibility).toHaveBeenCalledWith(41, 22, true);
    expect((screen.getByRole('switch', { name: 'Show on my public profile' }) as HTMLInputElement).checked).toBe(true);
    expect(takeToasts().map((toast) => toast.message)).toContain('This review now shows on your public profile');
  });

  it('sends one request while saving: the switch stays focused, aria-busy and aria-disabled, then shows the answer; a failure goes back', async () => {
    api.fetchEmploymentDetails.mockResolvedValue(details);
    let answer: (job: EmploymentDetails) => void = () => undefined;
    api.setReviewVisibility.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    const toggle = () => screen.getByRole('switch', { name: 'Show on my public profile' }) as HTMLInputElement;
    toggle().focus();
    await act(async () => {
      fireEvent.click(toggle());
    });
    expect(toggle().checked).toBe(true);
    expect(toggle().getAttribute('aria-busy')).toBe('true');
    expect(toggle().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(toggle());
    await act(async () => {
      fireEvent.click(toggle());
      fireEvent.click(toggle());
    });
    expect(api.setReviewVisibility).toHaveBeenCalledTimes(1);
    expect(toggle().checked).toBe(true);
    await act(async () => answer({ ...details, reviews: [{ ...details.reviews[0]!, is_public: true }] }));
    await settle();
    expect(toggle().checked).toBe(true);
    expect(toggle().getAttribute('aria-busy')).toBeNull();
    expect(toggle().getAttribute('aria-disabled')).toBeNull();

    api.setReviewVisibility.mockRejectedValueOnce(new Error('offline'));
    await act(async () => {
      fireEvent.click(toggle());
    });
    await settle();
    expect(api.setReviewVisibility).toHaveBeenCalledTimes(2);
    expect(toggle().checked).toBe(true);
    expect(toggle().getAttribute('aria-disabled')).toBeNull();
    expect(takeToasts().some((toast) => toast.kind === 'error')).toBe(true);
  });

  it('says a self-declared job at an unregistered company cannot be described, in both languages', async () => {
    const unregistered: EmploymentDetails = {
      ...details,
      ...ownJob,
      reviews: [],
      events: [],
      can_leave: false,
      team: null,
      reviewer: null,
    };
    api.fetchEmploymentDetails.mockResolvedValue(unregistered);
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    expect(
      screen.getByText('We cannot provide information about employment at this company as it is not registered on our platform.'),
    ).toBeTruthy();
    expect(screen.queryByText('In-company score')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave company' })).toBeNull();
    cleanup();
    forgetServerData();
    render(<EmploymentDetailsApp locale="uk_UA" messages={islandMessages('uk_UA', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    expect(
      screen.getByText(
        'Ми не можемо надати інформацію про працевлаштування в цій компанії, оскільки вона не зареєстрована на нашій платформі.',
      ),
    ).toBeTruthy();
  });

  it('shows an upload’s progress and says when it was cancelled', async () => {
    api.fetchEmploymentDetails.mockResolvedValue(details);
    let progress: (fraction: number) => void = () => undefined;
    let reject: (error: unknown) => void = () => undefined;
    const cancel = vi.fn(() => reject(new UploadCancelledError()));
    api.startDocumentUpload.mockImplementation((_jobId, _file, onProgress) => {
      progress = onProgress;
      return { done: new Promise((_, fail) => (reject = fail)), cancel };
    });
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    const input = screen.getByTestId('document-input') as HTMLInputElement;
    const file = new File(['%PDF-1.4'], 'reference.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    await act(async () => {
      progress(0.4);
    });
    expect(screen.getByText('Uploading reference.pdf')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('40%');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    });
    await settle();
    expect(cancel).toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Upload cancelled')).toBeTruthy();
  });

  it('refuses a file over 100 MB before sending it', async () => {
    api.fetchEmploymentDetails.mockResolvedValue(details);
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    await act(async () => {
      fireEvent.change(screen.getByTestId('document-input'), { target: { files: [big] } });
    });
    expect(api.startDocumentUpload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('The file is larger than 100\u00a0MB.');
  });

  it('shows an image document as itself and a failed fetch as "Failed to download file"', async () => {
    api.fetchEmploymentDetails.mockResolvedValue({
      ...details,
      documents: [
        {
          id: 1,
          name: 'letter.docx',
          mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          size: 2048,
          is_document: true,
          download_path: '/api/careers/41/documents/1',
          uploaded_at: '2026-10-02T10:00:00Z',
        },
        {
          id: 2,
          name: 'photo.png',
          mime_type: 'image/png',
          size: 4096,
          is_document: false,
          download_path: '/api/careers/41/documents/2',
          uploaded_at: '2026-10-03T10:00:00Z',
        },
      ],
    });
    api.fetchDocumentBlob.mockRejectedValue(new Error('network'));
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    expect(document.querySelector('[data-document="letter.docx"]')?.getAttribute('data-kind')).toBe('document');
    expect(document.querySelector('[data-document="photo.png"]')?.getAttribute('data-kind')).toBe('image');
    expect(api.fetchDocumentBlob).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Failed to download file')).toBeTruthy();
  });

  it('turns a job that is not the person’s into the error screen', async () => {
    api.fetchEmploymentDetails.mockRejectedValue(
      new ApiError({ status: 404, method: 'GET', path: '/api/employments/9', message: 'Not found.' }),
    );
    render(<EmploymentDetailsApp locale="en_GB" messages={islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx')} />);
    await settle();
    expect($fatalError.get()).toEqual({ message: 'Not found.', status: 404 });
  });
});

/** What the realtime module does on the person's `employment.changed` event. */
const jobsChanged = () => refresh(under(myJobsKey));

/**
 * Shows the store as a page does, for the test's length: answers the way to stop and every job the
 * page showed. After the first read: the job the page shows is the last one loaded.
 */
function showJob() {
  const seen: (EmploymentDetails | undefined)[] = [];
  const stop = $employment.subscribe((value) => seen.push(value.data));
  return { stop, seen };
}

describe('the careers store', () => {
  it('drops a late answer for a job the page no longer shows', async () => {
    let answerFirst: (job: EmploymentDetails) => void = () => undefined;
    api.fetchEmploymentDetails
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ ...details, id: 42 });
    const first = loadEmployment(41);
    await vi.waitFor(() => expect(api.fetchEmploymentDetails).toHaveBeenCalledWith(41));
    await loadEmployment(42);
    const page = showJob();
    answerFirst(details);
    await first;
    expect($employment.get().data?.id).toBe(42);
    expect(page.seen.map((job) => job?.id)).not.toContain(41);
    page.stop();
  });
});

describe('the careers store follows live changes', () => {
  it('reads the list and the open job again when a job changes elsewhere', async () => {
    api.fetchCareers.mockResolvedValueOnce({ jobs: [ownJob] }).mockResolvedValueOnce({ jobs: [verifiedJob, ownJob] });
    api.fetchEmploymentDetails.mockResolvedValueOnce({ ...details, reviews: [] }).mockResolvedValueOnce(details);
    const list = $careers.listen(() => undefined);
    await loadCareers();
    await loadEmployment(41);
    const page = showJob();
    await jobsChanged();
    expect($careers.get().data?.map((job) => job.id)).toEqual([41, 12]);
    expect($employment.get().data?.reviews).toHaveLength(1);
    list();
    page.stop();
  });

  it('keeps a write’s answer over a read that crossed it', async () => {
    let answerRead: (job: EmploymentDetails) => void = () => undefined;
    const shown = { ...details, reviews: [{ ...details.reviews[0]!, is_public: true }] };
    api.fetchEmploymentDetails
      .mockResolvedValueOnce(details)
      .mockImplementationOnce(() => new Promise((resolve) => (answerRead = resolve)))
      .mockResolvedValueOnce(shown);
    await loadEmployment(41);
    const page = showJob();
    const read = jobsChanged();
    api.setReviewVisibility.mockResolvedValueOnce(shown);
    await setReviewVisibility(41, 22, true);
    const afterWrite = page.seen.length;
    answerRead(details);
    await read;
    expect($employment.get().data?.reviews[0]?.is_public).toBe(true);
    // The crossing read's answer (from before the write) never showed: it read again.
    expect(page.seen.slice(afterWrite).every((job) => job === undefined || job.reviews[0]?.is_public)).toBe(true);
    expect(api.fetchEmploymentDetails).toHaveBeenCalledTimes(3);
    page.stop();
  });

  it('reads a job after the write of it under way, so the read never shows the job as it was before the write', async () => {
    let answerWrite: (job: EmploymentDetails) => void = () => undefined;
    const shown = { ...details, reviews: [{ ...details.reviews[0]!, is_public: true }] };
    api.fetchEmploymentDetails.mockResolvedValueOnce(details).mockResolvedValueOnce(shown);
    await loadEmployment(41);
    const page = showJob();
    api.setReviewVisibility.mockImplementationOnce(() => new Promise((resolve) => (answerWrite = resolve)));
    const write = setReviewVisibility(41, 22, true);
    const read = jobsChanged();
    await settle();
    expect(api.fetchEmploymentDetails).toHaveBeenCalledTimes(1);
    const beforeWrite = page.seen.length;
    answerWrite(shown);
    await Promise.all([write, read]);
    expect(api.fetchEmploymentDetails).toHaveBeenCalledTimes(2);
    expect($employment.get().data?.reviews[0]?.is_public).toBe(true);
    expect(page.seen.slice(beforeWrite).every((job) => job === undefined || job.reviews[0]?.is_public)).toBe(true);
    page.stop();
  });

  it('shows a write’s answer for a confirmed job opened at its self-declared id (the switch no longer snaps back)', async () => {
    api.fetchEmploymentDetails.mockResolvedValueOnce(details);
    await loadEmployment(12);
    const page = showJob();
    expect($employment.get()).toMatchObject({ data: { id: 41 } });
    expect($employment.key).toBe(`${myJobsKey}/12`);
    api.setReviewVisibility.mockResolvedValueOnce({ ...details, reviews: [{ ...details.reviews[0]!, is_public: true }] });
    await setReviewVisibility(41, 22, true);
    expect($employment.get()).toMatchObject({ data: { id: 41, reviews: [{ is_public: true }] } });
    page.stop();
  });

  it('shows only the latest of two reads whose answers cross', async () => {
    let answerFirst: (job: EmploymentDetails) => void = () => undefined;
    api.fetchEmploymentDetails
      .mockResolvedValueOnce(details)
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ ...details, position: 'Staff Engineer' });
    await loadEmployment(41);
    const page = showJob();
    const older = jobsChanged();
    const later = jobsChanged();
    answerFirst({ ...details, position: 'Old title' });
    await Promise.all([older, later]);
    expect($employment.get().data?.position).toBe('Staff Engineer');
    expect(page.seen.map((job) => job?.position)).not.toContain('Old title');
    page.stop();
  });

  it('reads nothing on a page that shows no job', async () => {
    await jobsChanged();
    await settle();
    expect(api.fetchCareers).not.toHaveBeenCalled();
    expect(api.fetchEmploymentDetails).not.toHaveBeenCalled();
  });
});

describe('the experience form', () => {
  it('reads technical skills one a line, without blank lines or spaces around them', () => {
    expect(skillsFromLines(' TypeScript \n\nSQL\n  \nKafka')).toEqual(['TypeScript', 'SQL', 'Kafka']);
  });

  it('refuses a skill too long under the skills field, sends nothing, then saves the lines as a list', async () => {
    const t = messagesTranslator(islandMessages('en_GB', 'careers/EmploymentDetailsApp.tsx'));
    const onClose = vi.fn();
    render(<ExperienceDialog jobId={4} description="Built it" skills={['SQL']} locale="en_GB" t={t} onClose={onClose} />);
    const skills = screen.getByLabelText(t('details.experience.skills'));
    fireEvent.input(skills, { target: { value: `SQL\n${'x'.repeat(careersLimits.technicalSkill + 1)}` } });
    await act(async () => {
      fireEvent.submit(skills.closest('form')!);
    });
    await vi.waitFor(() => expect(skills.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(skills.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toContain(
      String(careersLimits.technicalSkill),
    );
    expect(api.saveExperience).not.toHaveBeenCalled();

    api.saveExperience.mockResolvedValueOnce(undefined as never);
    fireEvent.input(skills, { target: { value: ' TypeScript \n\nKafka' } });
    await act(async () => {
      fireEvent.submit(skills.closest('form')!);
    });
    await vi.waitFor(() =>
      expect(api.saveExperience).toHaveBeenCalledWith(4, { experience_description: 'Built it', technical_skills: ['TypeScript', 'Kafka'] }),
    );
  });
});
