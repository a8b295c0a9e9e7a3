import {
  momentIdParams,
  momentsCommentParams,
  momentsListParams,
  momentsNoticesParams,
  momentsPublishParams,
  type Moment,
  type MomentComment,
  type MomentLikes,
  type MomentNotice,
  type MomentsUnread,
} from '../moments';
import { noParams } from '../contacts';
import { paths } from '../paths';
import { data, done, paged, type EndpointDef } from './define';

/** Moments (§9). */
export const momentEndpoints = {
  [paths.momentsList]: { auth: 'required', params: momentsListParams, answer: paged<Moment[]>() },
  [paths.momentsPublish]: { auth: 'required', params: momentsPublishParams, answer: data<Moment>() },
  [paths.momentsDel]: { auth: 'required', params: momentIdParams, answer: done() },
  [paths.momentsLike]: { auth: 'required', params: momentIdParams, answer: data<MomentLikes>() },
  [paths.momentsUnlike]: { auth: 'required', params: momentIdParams, answer: data<MomentLikes>() },
  [paths.momentsComment]: { auth: 'required', params: momentsCommentParams, answer: data<MomentComment>() },
  [paths.momentsDelComment]: { auth: 'required', params: momentIdParams, answer: done() },
  [paths.momentsNotices]: { auth: 'required', params: momentsNoticesParams, answer: paged<MomentNotice[]>() },
  [paths.momentsUnread]: { auth: 'required', params: noParams, answer: data<MomentsUnread>() },
} as const satisfies Record<string, EndpointDef>;
