import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '../system/api';
import { distanceMetres, type LatLng } from './geo';
import { locate, type Located } from './locate';
import { chooserRows, nextPlacesPage, pinPlace } from './model';
import { createProvider, searchDebounceMs, type Place } from './provider';
import { useDebounced } from '../../lib/use-debounced';

/** Cache keys round the pin to ~1 m so tiny map jitters do not refetch. */
const pinKey = (p: LatLng | null) => (p ? `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}` : '');

/** Map moves shorter than this keep the pin where it was. */
const PIN_SLACK_M = 5;

export type LocateState = { kind: 'locating' } | { kind: 'failed' } | ({ kind: 'located' } & Located);

/**
 * State of the location chooser: where the user is, the pin (moved by panning the map), the
 * debounced keyword, the paged places (20 a page) and the chosen row.
 */
export function useLocationChooser(open: boolean) {
  const { t } = useTranslation();
  const { info } = useSystemInfo();
  const maps = info.maps;
  const provider = useMemo(() => createProvider(maps), [maps]);
  const [where, setWhere] = useState<LocateState>({ kind: 'locating' });
  const [pin, setPin] = useState<LatLng | null>(null);
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword, searchDebounceMs).trim();
  const [chosen, setChosen] = useState({ key: '', index: 0 });

  /**
   * The map stopped at a new centre: the pin follows it. A move of a few metres (a resize,
   * pixel rounding) is not the user choosing another place, and must not reset the list.
   */
  const movePin = useCallback(
    (c: LatLng) => setPin((prev) => (prev && distanceMetres(prev, c) < PIN_SLACK_M ? prev : c)),
    [],
  );

  const find = useCallback(() => {
    setWhere({ kind: 'locating' });
    void locate(provider).then((found) => {
      setWhere(found ? { kind: 'located', ...found } : { kind: 'failed' });
      setPin(found?.at ?? null);
    });
  }, [provider]);

  useEffect(() => {
    if (open) find();
  }, [open, find]);

  const named = useQuery({
    queryKey: ['maps', 'reverse', maps.reverseUrl, pinKey(pin)],
    queryFn: () => (pin ? provider.reverse(pin) : null),
    enabled: open && pin !== null && Boolean(maps.reverseUrl),
    staleTime: 10 * 60_000,
    retry: false,
  });

  const searching = settled !== '';
  const places = useInfiniteQuery({
    queryKey: ['maps', 'places', maps.searchUrl, settled, pinKey(pin)],
    queryFn: ({ pageParam }) => provider.search({ keyword: settled, around: pin, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: Place[], pages: Place[][]) => nextPlacesPage(last, pages),
    enabled: open && provider.canSearch && (searching || pin !== null),
    staleTime: 10 * 60_000,
    retry: false,
  });

  const pinRow = pin ? pinPlace(pin, named.data, t('share.location.myPosition')) : null;
  const rows = chooserRows(pinRow, places.data?.pages ?? [], settled);
  const listKey = `${settled}|${pinKey(pin)}`;
  const index = chosen.key === listKey ? chosen.index : 0;

  return {
    provider,
    where,
    retryLocate: find,
    pin,
    movePin,
    keyword,
    setKeyword,
    /** The keyword is typed but its search has not settled or answered yet. */
    pendingSearch: keyword.trim() !== settled || (searching && places.isFetching && !places.isFetchingNextPage),
    searchFailed: places.isError,
    rows,
    chosenIndex: index,
    choose: (i: number) => setChosen({ key: listKey, index: i }),
    chosen: rows[index] ?? null,
    hasMore: places.hasNextPage,
    loadingMore: places.isFetchingNextPage,
    loadMore: () => void places.fetchNextPage(),
  };
}
