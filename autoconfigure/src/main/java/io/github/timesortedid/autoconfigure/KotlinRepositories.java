package io.github.timesortedid.autoconfigure;

import java.util.function.Predicate;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;

/**
 * Gives every repository of one persistence (JPA's, Spring Data JDBC's) the
 * {@link KotlinValueClassArguments} interceptor, through the customizers of its factory bean, before
 * the factory makes the repository.
 */
final class KotlinRepositories implements BeanPostProcessor {

	private final Class<?> factoryBeanType;

	private final Predicate<Class<?>> mappedAsItself;

	/**
	 * @param factoryBeanType the repository factory bean class of the persistence
	 * @param mappedAsItself whether the persistence maps a value class as its own type (asked at each
	 * call, so that it may read what is only known once the application has started)
	 */
	KotlinRepositories(Class<?> factoryBeanType, Predicate<Class<?>> mappedAsItself) {
		this.factoryBeanType = factoryBeanType;
		this.mappedAsItself = mappedAsItself;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (this.factoryBeanType.isInstance(bean) && bean instanceof RepositoryFactoryBeanSupport<?, ?, ?> factoryBean) {
			KotlinValueClassArguments interceptor = new KotlinValueClassArguments(this.mappedAsItself);
			factoryBean.addRepositoryFactoryCustomizer((factory) -> factory
				.addRepositoryProxyPostProcessor((proxyFactory, repository) -> proxyFactory.addAdvice(0, interceptor)));
		}
		return bean;
	}

}
