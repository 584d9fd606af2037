// The longest text each form field accepts, written once: the contract's schemas check them and the
// forms set `maxLength` from them. Plain data (no schema library), so an island that ships no zod can
// import it. Keys are the request fields' names.

/** The longest text a field takes when it names no limit of its own (emails, sign-in identifiers). */
export const defaultMaxLength = 255;

/** The longest URL any field accepts (browsers and proxies agree on 2048). */
export const urlMaxLength = 2048;

export const fieldLimits = {
  /** `PUT /api/profile`. */
  profile: {
    first_name: 100,
    last_name: 100,
    headline: 160,
    about: 5000,
    current_position: 160,
    location: 160,
    title: 100,
    description: 2000,
    website: urlMaxLength,
    contact_phone: 32,
    contact_email: defaultMaxLength,
  },
  /** `PUT /api/settings/contact`. */
  contact: { address: 200, address_2: 200, city: 100, state: 100, postal_code: 20, contact_phone: 32, contact_email: defaultMaxLength },
  employments: { position: 160, company_name: 160 },
  skills: { name: 80 },
  educations: { school: 160, degree: 160, area_of_study: 160 },
  certifications: { name: 160, provider: 160, credential_id: 120, credential_url: urlMaxLength },
  projects: { title: 160, description: 5000, url: urlMaxLength },
  recommendation: { text: 3000 },
  /** `PUT /api/companies/{id}`. */
  brand: { name: 120, about: 5000, website: urlMaxLength, location: 160 },
  invitation: { email: defaultMaxLength, position: 160 },
  joinRequest: { message: 1000 },
} as const;
