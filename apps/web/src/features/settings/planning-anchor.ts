/** The anchor of the Settings card where the planner's choices are made; the dashboard links to it. */
export const PLANNING_CARD_ID = 'planning';
