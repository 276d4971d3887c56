import { describe, expect, it } from 'vitest'
import { activeFilterCount, filterQuery, filtersFromParams, NO_FILTERS, withFilters } from './listFilters'

describe('the person filter', () => {
  it('round-trips through ?person=, counts as one filter, and is sent as person', () => {
    const params = withFilters(new URLSearchParams('q=budget'), { ...NO_FILTERS, person: 'Priya Raman' })
    expect(params.toString()).toBe('q=budget&person=Priya+Raman')
    const filters = filtersFromParams(params)
    expect(filters.person).toBe('Priya Raman')
    expect(activeFilterCount(filters)).toBe(1)
    expect(filterQuery(filters)).toMatchObject({ person: 'Priya Raman' })
  })

  it('drops a blank person from the URL and the request', () => {
    expect(filtersFromParams(new URLSearchParams('person=%20%20')).person).toBe('')
    expect(withFilters(new URLSearchParams('person=Leo'), NO_FILTERS).toString()).toBe('')
    expect(filterQuery(NO_FILTERS).person).toBeUndefined()
  })
})
