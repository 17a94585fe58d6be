import { PRODUCT_NAME } from '@breaker/api-contract';
import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

interface EmptyBreaksNoticeProps {
  calendarConnected: boolean;
  activitiesChosen: boolean;
}

/** Shown when nothing is scheduled: what to do next, in order. */
export function EmptyBreaksNotice({ calendarConnected, activitiesChosen }: EmptyBreaksNoticeProps) {
  return (
    <Alert variant="light" color="violet" icon={<IconInfoCircle size={20} />} title={`No ${PRODUCT_NAME}s scheduled yet`}>
      <List size="sm" spacing={2}>
        {!calendarConnected && <List.Item>Connect your calendar so breaks land between your meetings.</List.Item>}
        {!activitiesChosen && <List.Item>Pick the activities you enjoy in the Break Library.</List.Item>}
        <List.Item>Press Refresh Breakers to plan short breaks for the next 6 days.</List.Item>
      </List>
    </Alert>
  );
}
