import { type DescribeMissingService } from '@onsite/domain';
import { CreatedIdSchema } from '@onsite/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

/** `POST /api/catalogue/describeMissingService`. */
export function useDescribeMissingService() {
  return useMutation({
    mutationFn: (body: DescribeMissingService) =>
      apiRequest('/catalogue/describeMissingService', { body, schema: CreatedIdSchema, handledErrors: ['validation_error'] }),
  });
}
