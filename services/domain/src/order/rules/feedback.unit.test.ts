import { feedbackProblems } from './feedback.js';

const codes = (feedbacks: Parameters<typeof feedbackProblems>[0]) => feedbackProblems(feedbacks).map((detail) => [detail.path, detail.code]);

describe('feedback rules', () => {
  it('accepts ratings of 1 to 5 stars, with a comment for 1 or 2', () => {
    expect(
      codes([
        { type: 'JOB_RATING', rating: 3 },
        { type: 'BACK_OFFICE_RATING', rating: 5 },
      ]),
    ).toEqual([]);
    expect(codes([{ type: 'JOB_RATING', rating: 2, comment: 'Technician arrived late' }])).toEqual([]);
  });

  it('needs a comment for 1 or 2 stars', () => {
    expect(codes([{ type: 'JOB_RATING', rating: 1 }])).toEqual([['feedbacks.0.comment', 'required']]);
    expect(codes([{ type: 'CUSTOMER_SATISFACTION', rating: 2, comment: ' ' }])).toEqual([['feedbacks.0.comment', 'required']]);
  });

  it('refuses ratings outside 1 to 5 and missing ratings', () => {
    expect(codes([{ type: 'JOB_RATING', rating: 0 }])).toEqual([['feedbacks.0.rating', 'invalid_rating']]);
    expect(codes([{ type: 'JOB_RATING', rating: 6 }])).toEqual([['feedbacks.0.rating', 'invalid_rating']]);
    expect(codes([{ type: 'JOB_RATING', rating: 4.5 }])).toEqual([['feedbacks.0.rating', 'invalid_rating']]);
    expect(codes([{ type: 'JOB_RATING' }])).toEqual([['feedbacks.0.rating', 'invalid_rating']]);
  });

  it('free-text feedback has a comment and no rating', () => {
    expect(codes([{ type: 'IMPROVEMENT_IDEAS', comment: 'Send the team list earlier' }])).toEqual([]);
    expect(codes([{ type: 'OTHER_IMPROVEMENT_AREA' }])).toEqual([['feedbacks.0.comment', 'required']]);
    expect(codes([{ type: 'IMPROVEMENT_IDEAS', rating: 3, comment: 'x' }])).toEqual([['feedbacks.0.rating', 'not_rated']]);
  });

  it('needs at least one entry and each type once', () => {
    expect(codes([])).toEqual([['feedbacks', 'required']]);
    expect(
      codes([
        { type: 'JOB_RATING', rating: 4 },
        { type: 'JOB_RATING', rating: 5 },
      ]),
    ).toEqual([['feedbacks', 'duplicate_type']]);
  });
});
