/**
 * Strings of the organization (PROTOCOL §18) in the web client: the company and its departments
 * in the address book, a department's page, the card's department and position, and picking a
 * whole department in the member pickers.
 */
export const orgZhHans = {
  section: '组织架构',
  myDepartment: '我的部门',
  people: '{{count}}人',
  noDepartment: '未分配部门',
  breadcrumb: '部门路径',
  search: '搜索本部门的人',
  searchCompany: '搜索全公司的人',
  departments: '部门',
  members: '成员（{{count}}）',
  empty: '这个部门还没有人',
  noMatch: '没有找到匹配的人',
  loadFailed: '加载失败，点此重试',
  loadingMore: '正在加载更多…',
  notFound: '这个部门已不存在',
  department: '部门',
  position: '职位',
  pickDepartment: '按部门选择',
  pickDepartmentTitle: '选择一个部门',
  pickAll: '选择全部{{count}}人',
  picked: '已从“{{name}}”选择{{count}}人',
  pickTooMany: '“{{name}}”有{{count}}人，最多只能选{{max}}人',
};
