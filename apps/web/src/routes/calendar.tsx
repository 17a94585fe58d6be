import { createFileRoute } from '@tanstack/react-router';
import { CalendarPage } from '../features/calendar/CalendarPage';
import { calendarReturnSearch } from '../features/calendar/calendar-return';

export const Route = createFileRoute('/calendar')({
  staticData: { access: 'signed-in' },
  validateSearch: calendarReturnSearch,
  component: CalendarRoute,
});

function CalendarRoute() {
  const search = Route.useSearch();
  return <CalendarPage returnParams={search} />;
}
