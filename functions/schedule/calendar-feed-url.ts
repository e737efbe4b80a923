import { fillPath } from '../../shared/routes/define';
import { scheduleRoutes } from '../../shared/routes/schedule';
import { config } from '../lib/config';
import { createFeedToken, feedTokenOf } from '../repositories/calendar-feeds';

const feedPath = scheduleRoutes.find((route) => route.id === 'schedule.feed')!.path;

/**
 * The caller's personal iCalendar feed URL (its token made on first ask), on the API's configured public
 * URL: never on the request's Host header, which the caller chooses, so a forged Host cannot make the
 * platform hand out a link to another site.
 */
export async function calendarFeedUrl(tenant: string, userId: string): Promise<string> {
  const token = (await feedTokenOf(tenant, userId)) ?? (await createFeedToken(tenant, userId));
  return `${config().API_URL.replace(/\/+$/, '')}${fillPath(feedPath, { tenant, token })}`;
}
