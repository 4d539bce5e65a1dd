/** The three lists of the Leads page, each with the slug of its CSV export. */
export const LEAD_LISTS = {
  inquiries: { slug: "investment-inquiries" },
  contacts: { slug: "contact-leads" },
  newsletter: { slug: "newsletter-subscribers" },
} as const;

export type LeadList = keyof typeof LEAD_LISTS;
export const LEAD_LIST_KEYS = Object.keys(LEAD_LISTS) as LeadList[];

export const exportPathOf = (list: LeadList) => `/admin/leads/export/${LEAD_LISTS[list].slug}`;

export const leadListOfSlug = (slug: string | undefined): LeadList | undefined =>
  LEAD_LIST_KEYS.find((list) => LEAD_LISTS[list].slug === slug);
