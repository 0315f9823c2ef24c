// The course's own description, kept in the host (the API serves the lessons; these lines are the
// site's copy). Names are learner §1's; objectives and durations match the syllabus (learner §9).

export const COURSE_TITLE = 'Data Literacy for Facility Managers';

export const MODULE_OUTLINE = [
  {
    id: 1,
    name: 'The Language of Data',
    summary: 'The vocabulary of data and where facility data comes from.',
  },
  {
    id: 2,
    name: 'Data Quality and Validation',
    summary: 'Quality dimensions and validation rules you can apply.',
  },
  {
    id: 3,
    name: 'Data Governance, Standards, and Roles',
    summary: 'Policies, standards and who owns, stewards and uses data.',
  },
  {
    id: 4,
    name: 'Data Lineage and Lifecycle Management',
    summary: 'Tracing data from source to report, and through its life.',
  },
  {
    id: 5,
    name: 'Integration, Communication, and Course Synthesis',
    summary: 'Connecting systems, telling the story, and your roadmap.',
  },
] as const;

export const LEARNING_OBJECTIVES = [
  'Explain the core vocabulary of data in facility management and recognise where FM data comes from (CAFM/CMMS, BIM/COBie, BMS/IoT, lease and space systems).',
  'Assess the quality of facility data against the standard quality dimensions and apply validation rules to asset, work-order and meter records.',
  'Describe how data governance works in a facilities organisation: policies, standards and roles (data owner, steward, custodian, consumer) with a RACI.',
  'Trace the lineage of a facility data item from its source to a report, and manage data through its lifecycle from creation and handover to archiving and disposal.',
  'Plan how FM systems exchange data — shared identifiers, mappings, interfaces and reconciliation — so that one asset means the same thing in every system.',
  'Communicate data-driven findings to stakeholders and build a practical data-improvement roadmap for a facilities portfolio.',
] as const;

/** The help mailbox on the about page (set VITE_SUPPORT_EMAIL at build time). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@coursekit.example';
